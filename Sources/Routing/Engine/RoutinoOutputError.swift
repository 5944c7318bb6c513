/// What is wrong with the router's output: it is the contract between Routino's program and ours, so
/// a mismatch (another Routino version, a truncated pipe) is reported with the line it happened on.
package struct RoutinoOutputError: Error, Sendable, Equatable, CustomStringConvertible {
    package var line: Int?
    package var reason: String

    package init(line: Int?, _ reason: String) {
        self.line = line
        self.reason = reason
    }

    package var description: String {
        let place = line.map { "routino-router's output, line \($0)" } ?? "routino-router's output"
        return "\(place): \(reason) (is the installed Routino the one the map was built with? `wayfinder map info` says which)"
    }
}
