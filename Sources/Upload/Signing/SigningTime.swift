import Vocabulary

/// The moment a request is signed, in UTC, as SigV4 writes it: `x-amz-date` (`20130524T000000Z`, ISO 8601
/// basic format) and the scope's date (`20130524`). Computed from the seconds since 1970 with the
/// proleptic Gregorian calendar (`CivilDate`), so the signer needs no calendar library and no clock: the caller says when.
package struct SigningTime: Sendable, Hashable {
    /// `YYYYMMDD'T'HHMMSS'Z'`.
    package let amzDate: String
    /// `YYYYMMDD`.
    package let date: String

    package init(secondsSince1970 seconds: Int64) {
        let (days, secondOfDay) = Self.floorDivide(seconds, 86_400)
        let (year, month, day) = CivilDate.fromDays(days)
        date = Self.pad(year, 4) + Self.pad(month, 2) + Self.pad(day, 2)
        amzDate = date + "T" + Self.pad(secondOfDay / 3600, 2) + Self.pad(secondOfDay / 60 % 60, 2)
            + Self.pad(secondOfDay % 60, 2) + "Z"
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }

    private static func pad(_ n: Int64, _ width: Int) -> String {
        let digits = String(n)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
