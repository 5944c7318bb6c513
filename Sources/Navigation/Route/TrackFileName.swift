import Sensors
// The standard library's canonical decomposition, the one FoundationEssentials itself uses
// (swift-foundation, String+Internals.swift); Foundation's `decomposedStringWithCanonicalMapping`
// would link full Foundation and ICU's data.
@_spi(_Unicode) import Swift

/// The file name of one walk's track: `2026-11-26T0815Z-demo-walk.gpx`, the walk's start in UTC (to
/// the minute; a lexical sort is then a time sort) and the route's name made safe for any file system.
package enum TrackFileName {
    /// Longest slug kept: the whole name stays far below NAME_MAX (255 bytes) and readable in `ls`.
    package static let maximumSlugLength = 40
    package static let fileExtension = ".gpx"

    /// The name for a walk started `epochSeconds` after 1970-01-01 UTC, on the route named `routeName`.
    /// A time outside years 0000–9999 (a clock that was never set is 1970, which is inside) is
    /// clamped, so any input gives a name.
    package static func name(startedAt epochSeconds: Int64, routeName: String?) -> String {
        "\(timestamp(epochSeconds))-\(slug(routeName ?? ""))\(fileExtension)"
    }

    /// `yyyy-MM-ddTHHmmZ`; the date from `GPSDate` (the proleptic Gregorian calendar, no calendar
    /// object, no locale).
    package static func timestamp(_ epochSeconds: Int64) -> String {
        // 0000-01-01 and 9999-12-31T23:59:59 UTC.
        let seconds = min(max(epochSeconds, -62_167_219_200), 253_402_300_799)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(GPSDate(daysSince1970: Int(days)))T\(two(secondOfDay / 3600))\(two(secondOfDay % 3600 / 60))Z"
    }

    /// The route's name as ASCII letters, digits and single dashes, lower case, at most
    /// `maximumSlugLength` long; "walk" when nothing is left. Accents are dropped (`ü` → `u`), so
    /// "Osnabrück Altstadt" becomes `osnabruck-altstadt`; `/`, `.` and spaces can never reach the name.
    package static func slug(_ name: String) -> String {
        var result = ""
        var pendingDash = false
        // Canonical decomposition splits `ü` into `u` and a combining mark, which is then dropped.
        for scalar in name._nfd {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            let isAlphanumeric = scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                                                    || ("0"..."9").contains(scalar))
            guard isAlphanumeric else {
                pendingDash = !result.isEmpty
                continue
            }
            if pendingDash {
                guard result.count + 1 < maximumSlugLength else { break }
                result.append("-")
                pendingDash = false
            }
            guard result.count < maximumSlugLength else { break }
            result.append(Character(scalar).lowercased())
        }
        return result.isEmpty ? "walk" : result
    }
}
