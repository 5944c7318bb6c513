extension Duration {
    /// Seconds as a Double, for arithmetic with physical quantities.
    package var inSeconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }

    /// Milliseconds as a Double, the unit of the gesture pipeline's clock and of the `t_ms` fields in
    /// scenario and recording files. Counted in whole nanoseconds (the monotonic clock's resolution),
    /// so that `Duration(milliseconds:)` gives back the very same duration for any time below 2^32 ms
    /// (49 days; beyond, a Double's 53 bits no longer hold every nanosecond of a millisecond count):
    /// a recorded session replays with bit-identical times.
    ///
    /// Read from the whole count of attoseconds: `components` splits it into seconds with a 128-bit
    /// division by 10¹⁸ that this would only multiply back, and it is on the gesture pipeline's path
    /// once per touch event.
    package var inMilliseconds: Double {
        let (whole, rest) = attoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        // Rounded to the nearest nanosecond, half away from zero (rest has the sign of the duration).
        let nanoseconds = rest >= 500_000_000 ? whole + 1 : rest <= -500_000_000 ? whole - 1 : whole
        guard let ns = Int64(exactly: nanoseconds) else { return Double(nanoseconds) / 1e6 }
        return Double(ns) / 1e6
    }

    /// The duration of `milliseconds`, to the nearest nanosecond; nil when it is not finite or beyond
    /// ±9·10¹² ms (285 years), which no session time reaches. The reading side of `inMilliseconds`.
    package init?(milliseconds: Double) {
        guard milliseconds.isFinite, abs(milliseconds) <= 9e12 else { return nil }
        self = .nanoseconds(Int64((milliseconds * 1e6).rounded()))
    }

    /// "mm:ss" or "h:mm:ss", for session time in progress lines.
    package var clockString: String {
        let total = max(0, Int(components.seconds))
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(two(m)):\(two(s))"
    }
}
