/// The moment a request is signed, in UTC, as SigV4 writes it: `x-amz-date` (`20130524T000000Z`, ISO 8601
/// basic format) and the scope's date (`20130524`). Computed from the seconds since 1970 with the
/// proleptic Gregorian calendar (Howard Hinnant's `civil_from_days`, "chrono-Compatible Low-Level Date
/// Algorithms"), so the signer needs no calendar library and no clock: the caller says when.
package struct SigningTime: Sendable, Hashable {
    /// `YYYYMMDD'T'HHMMSS'Z'`.
    package let amzDate: String
    /// `YYYYMMDD`.
    package let date: String

    package init(secondsSince1970 seconds: Int64) {
        let (days, secondOfDay) = Self.floorDivide(seconds, 86_400)
        let (year, month, day) = Self.civil(days: days)
        date = Self.pad(year, 4) + Self.pad(month, 2) + Self.pad(day, 2)
        amzDate = date + "T" + Self.pad(secondOfDay / 3600, 2) + Self.pad(secondOfDay / 60 % 60, 2)
            + Self.pad(secondOfDay % 60, 2) + "Z"
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    /// Days since 1970-01-01 to (year, month, day); every intermediate stays far inside Int64 for any
    /// Int64 count of seconds.
    private static func civil(days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ n: Int64, _ width: Int) -> String {
        let digits = String(n)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
