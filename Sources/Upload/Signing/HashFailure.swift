/// A hash that could not be computed, and why: an implementation of `SigningHashes` whose library can
/// fail says so with it (Nettle's cannot), and a caller checking a hash's output too.
package struct HashFailure: Error, Sendable, Hashable, CustomStringConvertible {
    package var reason: String

    package init(_ reason: String) { self.reason = reason }

    package var description: String { "cannot compute a hash: \(reason)" }
}
