/// The one way a duration is written for a person: the status page, the trip report, `wayfinder
/// report` and the log lines (a restart's backoff, a quiet GPS) all use it.
///
/// Milliseconds below 0.05 s ("20 ms": a tolerance, a gesture's wait, which tenths would write "0 s"),
/// tenths below 10 s ("0.4 s", "4.2 s", and "2 s" when whole), "45 s" below a minute, "4 min 05 s"
/// below an hour, then "1 h 02 min". Each step is decided on the rounded value, so 59.5 s is
/// "1 min 00 s" and 3 599.5 s is "1 h 00 min", never "60 s" or "60 min 00 s".
///
/// A value that is not finite, below zero or beyond 10¹² s is written "? s" instead of trapping on
/// its conversion to an integer. Rounding noise below zero that rounds to nothing is 0.
package enum DurationFormat {
    package static func text(seconds: Double) -> String {
        guard seconds.isFinite, seconds > -0.05, seconds < 1e12 else { return "? s" }
        let seconds = max(seconds, 0)
        let tenths = Int((seconds * 10).rounded())
        let milliseconds = Int((seconds * 1000).rounded())
        if tenths == 0 && milliseconds > 0 { return "\(milliseconds) ms" }
        if tenths < 100 { return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s" }
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(twoDigits(whole % 60)) s" }
        let minutes = Int((seconds / 60).rounded())
        return "\(minutes / 60) h \(twoDigits(minutes % 60)) min"
    }

    package static func text(_ duration: Duration) -> String {
        text(seconds: duration.inSeconds)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
