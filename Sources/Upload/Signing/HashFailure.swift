/// A hash the library could not compute (OpenSSL reports failure only when it cannot allocate or its
/// provider is missing); the reason is the library's own.
package struct HashFailure: Error, Sendable, Hashable, CustomStringConvertible {
    package var reason: String

    package init(_ reason: String) { self.reason = reason }

    package var description: String { "cannot compute a hash: \(reason)" }
}
