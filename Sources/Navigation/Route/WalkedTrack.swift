/// A recorded walk as a GPX track holds it: the points in file order, in segments.
///
/// A segment break means the recording stopped and started again (a restart, a gap), so nothing is
/// known about the way between the last point of one segment and the first of the next: distances
/// and durations are summed within segments only, and maps do not join them.
package struct WalkedTrack: Sendable, Hashable {
    /// The track's `<name>`, else the document's; nil when neither is given.
    package var name: String?
    /// Non-empty segments in file order, every `<trk>`'s `<trkseg>`s one after the other.
    package var segments: [[TrackPoint]]

    package init(name: String? = nil, segments: [[TrackPoint]]) {
        self.name = name
        self.segments = segments
    }

    /// All points, segment after segment.
    package var points: [TrackPoint] { segments.flatMap { $0 } }

    package var pointCount: Int { segments.reduce(0) { $0 + $1.count } }
}
