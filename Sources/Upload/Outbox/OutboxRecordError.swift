/// A record that decodes as JSON but cannot be an outbox record: which field, and what is wrong.
package struct OutboxRecordError: Error, Sendable, Hashable, CustomStringConvertible {
    package var field: String
    package var reason: String

    package init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    package var description: String {
        "outbox record: \(field): \(reason)"
    }
}
