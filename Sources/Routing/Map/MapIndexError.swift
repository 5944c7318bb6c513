/// A map index that cannot be read, with the line; the way out is always to import the map again.
package struct MapIndexError: Error, Sendable, Equatable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var reason: String

    package init(file: String, line: Int, _ reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    package var description: String {
        "\(file):\(line): \(reason); the map is damaged or from another Wayfinder: import it again (`wayfinder map import`)"
    }
}
