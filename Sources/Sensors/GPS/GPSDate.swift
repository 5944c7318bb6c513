import Vocabulary

/// A UTC calendar date as a receiver reports it (RMC, ZDA, UBX-NAV-PVT).
///
/// Why a civil date of our own rather than Foundation's `Date`: the Sensors core stays free of
/// Foundation and time zones, and the conversion to days since 1970 is a few lines of integer math.
package struct GPSDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var year: Int
    package var month: Int
    package var day: Int

    /// The years a date may have: four digits, as NMEA's ZDA writes them. Bounding the year is what keeps
    /// `daysSince1970` and an epoch's milliseconds since 1970 far inside `Int`, whatever a sentence says.
    package static let years = 1...9999

    /// Nil unless `year` is in `years`, `month` is 1...12 and `day` exists in that month, so a corrupt
    /// field is caught.
    package init?(year: Int, month: Int, day: Int) {
        guard Self.years.contains(year), (1...12).contains(month), day >= 1,
              day <= Self.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative before it).
    package init(daysSince1970 days: Int) {
        let date = CivilDate.fromDays(Int64(days))
        year = Int(date.year)
        month = Int(date.month)
        day = Int(date.day)
    }

    /// Days from 1970-01-01 to this date (Hinnant's days_from_civil).
    package var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    package func adding(days: Int) -> GPSDate { GPSDate(daysSince1970: daysSince1970 + days) }

    package static func < (lhs: GPSDate, rhs: GPSDate) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    /// ISO 8601, `YYYY-MM-DD`.
    package var description: String {
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
