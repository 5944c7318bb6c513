import Vocabulary

/// What a failed run of Routino's router means, read from the message it prints on standard error
/// (`src/router.c` and `src/optimiser.c`, Routino 3.3.3; the same words in 3.4.3).
package enum RoutinoRouterFailure: Sendable, Equatable {
    /// "Cannot find node close to specified point N": no way within 1 km of waypoint N.
    case noWayNear(waypoint: Int)
    /// "Cannot find … compatible with profile": the points are on ways, but no way joins them for
    /// this profile.
    case noRoute
    /// The profile does not fit the database ("Profile is invalid or not compatible with database").
    case profileMismatch
    /// Anything else, with Routino's own words.
    case other(String)

    package init(standardError: String) {
        let lines = standardError.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
        let errorLine = lines.last(where: { $0.hasPrefix("Error:") || $0.contains("Fatal") }) ?? lines.last ?? ""
        let text = String(errorLine)
        if let range = text.literalRange(of: "Cannot find node close to specified point ") {
            let digits = text[range.upperBound...].prefix(while: { $0.isNumber })
            self = .noWayNear(waypoint: Int(digits) ?? 0)
        } else if text.contains("compatible with profile") || text.contains("Cannot create combined route") {
            self = .noRoute
        } else if text.contains("Profile is invalid or not compatible with database") {
            self = .profileMismatch
        } else {
            let trimmed = text.hasPrefix("Error: ") ? String(text.dropFirst(7)) : text
            self = .other(trimmed.isEmpty ? "it printed nothing" : String(trimmed.prefix(300)))
        }
    }
}
