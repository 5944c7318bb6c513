extension Duration {
    /// `self + other`, clamped to the ends of Duration's range instead of trapping: times that come
    /// from outside (kernel event timestamps) can be anything, and a deadline past the end of time is
    /// as good as the end of time.
    package func addingClamped(_ other: Duration) -> Duration {
        let (total, overflow) = attoseconds.addingReportingOverflow(other.attoseconds)
        guard overflow else { return Duration(attoseconds: total) }
        return Duration(attoseconds: other.attoseconds > 0 ? .max : .min)
    }

    /// How long after `earlier` this is, or nil when it is before `earlier` (a clock that stepped
    /// back). Clamped to the largest Duration instead of trapping.
    package func span(since earlier: Duration) -> Duration? {
        guard self >= earlier else { return nil }
        let (difference, overflow) = attoseconds.subtractingReportingOverflow(earlier.attoseconds)
        return Duration(attoseconds: overflow ? .max : difference)
    }
}
