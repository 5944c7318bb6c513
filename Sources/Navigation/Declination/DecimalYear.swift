/// Calendar dates and Unix times as the decimal years the WMM's secular variation is expressed in:
/// year + (day-of-year − 1 + fraction of day) / days-in-year, in UTC.
///
/// Pure integer calendar arithmetic (proleptic Gregorian), so the navigation core needs no
/// Foundation calendar and a fix's time converts the same on every platform.
package enum DecimalYear {
    /// 2025-07-02 12:00 UTC → 2025.5 (182.5 of 365 days gone). Throws `MagneticModelError.invalidDate` for a date
    /// that does not exist; `secondsIntoDay` (0 ..< 86400) adds the fraction of the day.
    package static func from(year: Int, month: Int, day: Int, secondsIntoDay: Double = 0) throws -> Double {
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
              secondsIntoDay.isFinite, secondsIntoDay >= 0, secondsIntoDay < 86_400
        else { throw MagneticModelError.invalidDate(year: year, month: month, day: day) }
        let dayOfYear = daysSinceEpoch(year: year, month: month, day: day) - daysSinceEpoch(year: year, month: 1, day: 1)
        let length = Double(isLeapYear(year) ? 366 : 365)
        return Double(year) + (Double(dayOfYear) + secondsIntoDay / 86_400) / length
    }

    /// A Unix time (seconds since 1970-01-01T00:00:00Z, leap seconds ignored as POSIX does) as a
    /// decimal year. Nil for a non-finite input.
    package static func from(secondsSince1970 seconds: Double) -> Double? {
        guard seconds.isFinite, abs(seconds) < 1e14 else { return nil }
        let days = Int((seconds / 86_400).rounded(.down))
        var year = 1970 + Int((Double(days) / 365.2425).rounded(.down))
        // The estimate is at most one year off either way.
        while daysSinceEpoch(year: year, month: 1, day: 1) > days { year -= 1 }
        while daysSinceEpoch(year: year + 1, month: 1, day: 1) <= days { year += 1 }
        let start = Double(daysSinceEpoch(year: year, month: 1, day: 1)) * 86_400
        let length = Double(isLeapYear(year) ? 366 : 365) * 86_400
        return Double(year) + (seconds - start) / length
    }

    /// Parses `YYYY-MM-DD` (the command line's form) to the decimal year of its midnight UTC.
    package static func from(isoDate text: String) throws -> Double {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { throw DateFormatError(text: text) }
        return try from(year: y, month: m, day: d)
    }

    /// A date string that is not `YYYY-MM-DD`.
    package struct DateFormatError: Error, Equatable, CustomStringConvertible {
        package var text: String
        package var description: String { "date \"\(text)\" is not YYYY-MM-DD" }
    }

    static func isLeapYear(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the date: H. Hinnant's `days_from_civil` ("chrono-Compatible
    /// Low-Level Date Algorithms"), which shifts the year to start in March so February's length
    /// only matters at the end of it.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
