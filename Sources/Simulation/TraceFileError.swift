/// A trace file (`wayfinder record --simulated --trace FILE`) that cannot be played, and why.
package struct TraceFileError: Error, Sendable, CustomStringConvertible {
    package var description: String

    package init(description: String) {
        self.description = description
    }
}
