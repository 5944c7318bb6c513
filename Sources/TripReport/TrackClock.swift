/// Where on the track the walker was at a given time, for putting events on the map.
///
/// Linear in time between the two timed points around it when both are in the same segment; in a
/// gap between segments, where nothing is known of the way, at whichever end is nearer in time.
/// Times before the first point or after the last go to that end.
struct TrackClock {
    private struct Stamp {
        var time: Double
        var point: LocalPoint
        var segment: Int
    }

    private let stamps: [Stamp]

    init(samples: TrackSamples) {
        var stamps: [(Stamp, Int)] = []
        for sample in samples.all {
            guard let time = sample.time else { continue }
            stamps.append((Stamp(time: time, point: sample.point, segment: sample.segment), stamps.count))
        }
        self.stamps = stamps.sorted { ($0.0.time, $0.1) < ($1.0.time, $1.1) }.map(\.0)
    }

    var isEmpty: Bool { stamps.isEmpty }

    func position(at time: Double) -> LocalPoint? {
        guard let first = stamps.first, let last = stamps.last, time.isFinite else { return nil }
        if time <= first.time { return first.point }
        if time >= last.time { return last.point }
        // The last stamp at or before `time`: first.time < time < last.time, so 0 ≤ low < count − 1.
        var low = 0, high = stamps.count - 1
        while high - low > 1 {
            let mid = low + (high - low) / 2
            if stamps[mid].time <= time { low = mid } else { high = mid }
        }
        let a = stamps[low], b = stamps[low + 1]
        let span = b.time - a.time
        guard span > 0 else { return a.point }
        let t = (time - a.time) / span
        if a.segment != b.segment { return t < 0.5 ? a.point : b.point }
        return LocalPoint(east: a.point.east + (b.point.east - a.point.east) * t,
                          north: a.point.north + (b.point.north - a.point.north) * t)
    }
}
