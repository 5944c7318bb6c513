/// One header of a request, as given (the canonical request lower-cases and trims it).
package struct HeaderField: Sendable, Hashable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
