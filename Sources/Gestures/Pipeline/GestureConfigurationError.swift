/// A recognizer set-up the pipeline refuses, with what to do about it.
package enum GestureConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The recognizer is already registered with a pipeline.
    case alreadyRegistered(String)
    /// A failure requirement names a recognizer this pipeline does not hold.
    case notRegistered(String)
    /// `require(toFail:)` would close a cycle: the recognizers would wait for each other forever.
    case requirementCycle([String])

    package var description: String {
        switch self {
        case .alreadyRegistered(let name):
            "recognizer \"\(name)\" is already registered; create one recognizer per registration"
        case .notRegistered(let name):
            "recognizer \"\(name)\" is not registered with this pipeline; add it before declaring relations"
        case .requirementCycle(let names):
            "failure requirements form a cycle (\(names.joined(separator: " waits for "))); remove one of these edges"
        }
    }
}
