/// A stretch of the walk's time, UTC seconds since 1970: a pause, an outage, a time off route.
package struct TripTimeSpan: Sendable, Hashable {
    package var start: Double
    package var end: Double

    package init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }

    /// Seconds; zero for a span that ends before it starts or is not finite.
    package var duration: Double {
        let length = end - start
        return length.isFinite && length > 0 ? length : 0
    }

    /// The spans as a sorted list of disjoint spans covering the same time, so that overlapping
    /// records (an outage reported twice, say) are not counted twice. Spans with a non-finite end or
    /// an end before their start are dropped.
    package static func union(_ spans: [TripTimeSpan]) -> [TripTimeSpan] {
        let usable = spans.filter { $0.start.isFinite && $0.end.isFinite && $0.end >= $0.start }
            .sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        var merged: [TripTimeSpan] = []
        for span in usable {
            if let last = merged.last, span.start <= last.end {
                merged[merged.count - 1].end = Swift.max(last.end, span.end)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    /// Total seconds covered by the spans, overlaps counted once.
    package static func total(_ spans: [TripTimeSpan]) -> Double {
        union(spans).reduce(0) { $0 + $1.duration }
    }
}
