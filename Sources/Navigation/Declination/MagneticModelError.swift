/// Why the World Magnetic Model gave no field: input it cannot answer for, each case with a message
/// that names the value and the accepted range.
package enum MagneticModelError: Error, Equatable, CustomStringConvertible {
    /// The date is outside the model's validity, [epoch, epoch + 5) (2025.0–2030.0 for WMM2025).
    /// NOAA's own calculator also refuses dates from epoch + 5 on rather than
    /// extrapolate the secular variation (wmm-calculator 1.4.4, `setup_time`); it accepts dates
    /// back to the file's release date (2024-11-13), we keep to the stated validity. A stale model
    /// must be replaced, not stretched.
    case dateOutsideValidity(decimalYear: Double, model: String, validFrom: Double, validUntil: Double)
    /// Latitude outside [-90, 90] or not a finite number.
    case latitudeOutOfRange(Double)
    /// Longitude not a finite number.
    case longitudeNotFinite(Double)
    /// Altitude outside the range NOAA specifies the model for (or not finite).
    case altitudeOutOfRange(kilometres: Double, validFrom: Double, validUntil: Double)
    /// Asked for a declination at a geographic pole, where true north has no direction.
    case undefinedAtPole(latitude: Double)
    /// A calendar date that does not exist (month 13, 30 February, …).
    case invalidDate(year: Int, month: Int, day: Int)
    /// A coefficient file that is not in WMM.COF form; `line` is 1-based.
    case malformedCoefficientFile(line: Int, reason: String)

    package var description: String {
        switch self {
        case let .dateOutsideValidity(year, model, from, until):
            return "date \(Self.format(year)) is outside \(model)'s validity "
                + "(\(Self.format(from)) up to, not including, \(Self.format(until))); a newer model is needed"
        case .latitudeOutOfRange(let v):
            return "latitude \(v) is not in [-90, 90]"
        case .longitudeNotFinite(let v):
            return "longitude \(v) is not a finite number"
        case let .altitudeOutOfRange(km, from, until):
            return "altitude \(km) km is outside the model's range [\(from), \(until)] km above the WGS84 ellipsoid"
        case .undefinedAtPole(let latitude):
            return "declination is undefined at a geographic pole (latitude \(latitude)): true north has no direction there"
        case let .invalidDate(year, month, day):
            return "\(year)-\(month)-\(day) is not a calendar date"
        case let .malformedCoefficientFile(line, reason):
            return "coefficient file line \(line): \(reason)"
        }
    }

    /// A decimal year with three decimals (about 9 hours), enough to see why it was refused.
    private static func format(_ year: Double) -> String {
        guard year.isFinite, abs(year) < 1e12 else { return "\(year)" }
        let thousandths = Int((year * 1000).rounded())
        let whole = thousandths / 1000, fraction = abs(thousandths % 1000)
        let digits = String(fraction)
        return "\(whole).\(String(repeating: "0", count: 3 - digits.count))\(digits)"
    }
}
