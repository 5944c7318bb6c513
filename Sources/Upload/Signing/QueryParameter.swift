/// One query parameter of a request, not percent-encoded: `?uploads` is `QueryParameter("uploads")`,
/// `?partNumber=1` is `QueryParameter("partNumber", "1")`.
package struct QueryParameter: Sendable, Hashable {
    package var name: String
    package var value: String

    package init(_ name: String, _ value: String = "") {
        self.name = name
        self.value = value
    }
}
