/// What the core asks of its owner. Hashing, writing, deleting and sending are performed one at a time,
/// each answered by its event; `report` and `wakeAt` are not answered.
package enum OutboxAction: Sendable, Hashable {
    case hash(path: String)
    case writeRecord(OutboxRecord)
    case deleteRecord(key: String)
    case deleteFile(path: String)
    case send(OutboxRequest)
    /// Send `.tick` at this time (of the clock the events are stamped with).
    case wakeAt(Duration)
    case report(OutboxReport)
}
