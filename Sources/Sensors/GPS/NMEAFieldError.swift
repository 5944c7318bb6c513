/// A field of an NMEA sentence that is present but cannot be what its position says it is (letters
/// in a number, minutes ≥ 60, an unknown status letter), or a sentence with too few fields.
/// The stream parser counts it as `malformed` and moves on.
package struct NMEAFieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Index of the offending field (0 is the address field, `GPRMC`), or the count the sentence had
    /// when it was too short.
    package var field: Int
    package var reason: String

    package init(field: Int, reason: String) {
        self.field = field
        self.reason = reason
    }

    package var description: String { "field \(field): \(reason)" }
}
