extension Duration {
    /// Seconds as a Double, for arithmetic with physical quantities.
    public var inSeconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }

    /// "mm:ss" or "h:mm:ss", for session time in progress lines.
    public var clockString: String {
        let total = max(0, Int(components.seconds))
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(two(m)):\(two(s))"
    }
}
