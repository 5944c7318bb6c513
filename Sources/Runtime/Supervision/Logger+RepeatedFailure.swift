import Logging
import Platform

extension Logger {
    /// Logs one occurrence of a failure as `RepeatedFailure` judged it: `message` at `level` the
    /// first time, then at debug, with a reminder at notice (never louder than `level`) at widening
    /// intervals that `still` is the case — short, since the first message said what to do.
    func log(_ verdict: RepeatedFailure.Verdict, level: Logger.Level, _ message: String, still: String) {
        switch verdict {
        case .first:
            log(level: level, "\(message)")
        case .reminder(let times, let since):
            log(level: Swift.min(level, .notice),
                "\(still): \(times) times in \(Self.span(since)), the same as the first, logged with what to do")
        case .quiet:
            debug("\(message)")
        }
    }

    /// A stretch of time as a person says it: seconds up to 2 min, minutes up to 2 h, then hours.
    static func span(_ d: Duration) -> String {
        let s = Swift.max(0, d.inSeconds)
        if s < 120 { return "\(Int(s.rounded())) s" }
        if s < 7200 { return "\((s / 60).rounded(.down).formatted0) min" }
        return "\((s / 3600).rounded(.down).formatted0) h"
    }
}

private extension Double {
    /// A whole, finite count of minutes or hours.
    var formatted0: String { isFinite && abs(self) < 1e15 ? String(Int(self)) : "many" }
}
