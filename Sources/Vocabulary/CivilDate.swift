/// The proleptic Gregorian calendar's date of a day count since 1970-01-01: Howard Hinnant's
/// `civil_from_days` (public-domain algorithm, "chrono-Compatible Low-Level Date Algorithms"). One
/// place for the GPS's dates, the track names and the upload's signing dates, so that none needs a
/// calendar library.
package enum CivilDate {
    /// Year, month (1–12) and day (1–31) of `days` days after 1970-01-01 (negative before it). Every
    /// intermediate stays far inside Int64 for a count of days that a count of seconds can give.
    package static func fromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
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
}
