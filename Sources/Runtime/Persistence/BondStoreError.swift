/// Why the bond file could not be used, with what to do about it.
package enum BondStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case corrupt(path: String, reason: String)
    case unwritable(path: String, reason: String)
    /// The state directory exists and lets group or others in: the keys are not written there.
    case notPrivate(StateDirectoryNotPrivate)

    package var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "cannot read the bond file \(path) (\(reason)); run as root or as the service's user"
        case let .corrupt(path, reason):
            return "the bond file \(path) is damaged (\(reason)); move it away and pair the devices again "
                + "(wayfinder pair belt)"
        case let .unwritable(path, reason):
            return "cannot write the bond file \(path) (\(reason)); run as root (sudo), or set state_directory "
                + "to a writable directory"
        case let .notPrivate(refusal):
            return refusal.description
        }
    }
}
