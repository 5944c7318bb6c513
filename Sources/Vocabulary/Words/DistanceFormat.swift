/// The one way a distance is written for a person: the status page, the trip report, `wayfinder
/// report` and the log lines all use it, so a walk reads the same wherever it is read.
///
/// Tenths below 10 m ("3.2 m", and "3 m" when whole: a cross-track error, an arrival radius),
/// "850 m" below a kilometre, then kilometres with three significant figures: "2.43 km", "12.4 km",
/// "132 km". Each step is decided on the rounded value, so 999.6 m is "1.00 km" rather than
/// "1000 m", and 9 995 m is "10.0 km".
///
/// Distances come from the geodesy and from files; a value that is not finite, below zero or beyond
/// 10¹⁵ m is written "? m" instead of trapping on its conversion to an integer. Rounding noise below
/// zero that rounds to nothing is 0.
package enum DistanceFormat {
    package static func text(metres: Double) -> String {
        guard metres.isFinite, metres > -0.05, metres < 1e15 else { return "? m" }
        let metres = max(metres, 0)
        let tenths = Int((metres * 10).rounded())
        if tenths < 100 { return tenths % 10 == 0 ? "\(tenths / 10) m" : "\(tenths / 10).\(tenths % 10) m" }
        let whole = Int(metres.rounded())
        if whole < 1000 { return "\(whole) m" }
        let hundredths = Int((metres / 10).rounded())
        if hundredths < 1000 { return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) km" }
        let kmTenths = Int((metres / 100).rounded())
        if kmTenths < 1000 { return "\(kmTenths / 10).\(kmTenths % 10) km" }
        return "\(Int((metres / 1000).rounded())) km"
    }
}
