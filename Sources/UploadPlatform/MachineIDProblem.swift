/// Why the machine id could not give a unit id, and what to do.
package struct MachineIDProblem: Error, Sendable, Hashable, CustomStringConvertible {
    package var path: String
    package var message: String

    package var description: String { "\(path) \(message)" }
}
