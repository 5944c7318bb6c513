/// The spans of time the journal records as states: paused, off route, without a fix.
///
/// Each state opens at one kind of record and closes at its counterpart, or at a record after which
/// the guidance no longer holds the state and so will not write the counterpart: starting to
/// navigate and a restart of the appliance reset all three, a stop ends a pause and being off route,
/// arriving or another route ends being off route (RouteGuidance resets its off-route state on a new
/// route without a word). A state still open at the end runs to `end`.
struct JournalSpans: Sendable, Hashable {
    var paused: [TripTimeSpan] = []
    var offRoute: [TripTimeSpan] = []
    var withoutFix: [TripTimeSpan] = []

    /// `events` in time order; `end` is where open states stop (the track's end, else the last event).
    init(events: [TripEvent], end: Double?) {
        var pausedSince: Double?
        var offRouteSince: Double?
        var lostSince: Double?
        for event in events {
            let time = event.time
            switch event.kind {
            case .paused:
                if pausedSince == nil { pausedSince = time }
            case .resumed:
                close(&pausedSince, at: time, into: &paused)
            case .offRoute:
                if offRouteSince == nil { offRouteSince = time }
            case .backOnRoute, .routeChanged, .arrived:
                close(&offRouteSince, at: time, into: &offRoute)
            case .gpsLost:
                // The record is written once the fix has been missing for `seconds` already.
                let already = event.seconds.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 0
                let start = (time - already).isFinite ? time - already : time
                lostSince = min(lostSince ?? start, start)
            case .gpsBack:
                close(&lostSince, at: time, into: &withoutFix)
            case .stopped:
                close(&pausedSince, at: time, into: &paused)
                close(&offRouteSince, at: time, into: &offRoute)
            case .navigationStarted, .applianceStarted:
                close(&pausedSince, at: time, into: &paused)
                close(&offRouteSince, at: time, into: &offRoute)
                close(&lostSince, at: time, into: &withoutFix)
            default:
                break
            }
        }
        let end = end ?? events.last?.time
        if let end {
            close(&pausedSince, at: end, into: &paused)
            close(&offRouteSince, at: end, into: &offRoute)
            close(&lostSince, at: end, into: &withoutFix)
        }
        paused = TripTimeSpan.union(paused)
        offRoute = TripTimeSpan.union(offRoute)
        withoutFix = TripTimeSpan.union(withoutFix)
    }

    private func close(_ since: inout Double?, at time: Double, into spans: inout [TripTimeSpan]) {
        guard let start = since else { return }
        since = nil
        if time >= start { spans.append(TripTimeSpan(start: start, end: time)) }
    }

    /// The events in time order, records with the same time in journal order: `sort` alone does not
    /// promise to keep that order, and the report must not change from run to run.
    static func ordered(_ events: [TripEvent]) -> [TripEvent] {
        events.enumerated().filter { $0.element.time.isFinite }
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }
}
