/// One request to send: the signer adds `host`, `x-amz-date` and `x-amz-content-sha256`.
package struct OutboxRequest: Sendable, Hashable {
    package var operation: OutboxOperation
    package var method: String
    package var key: String
    package var query: [QueryParameter]
    package var headers: [HeaderField]
    package var payload: OutboxPayload

    package init(operation: OutboxOperation, method: String, key: String, query: [QueryParameter] = [],
                 headers: [HeaderField] = [], payload: OutboxPayload = .empty) {
        self.operation = operation
        self.method = method
        self.key = key
        self.query = query
        self.headers = headers
        self.payload = payload
    }

    /// A header's value, the name compared without case.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
