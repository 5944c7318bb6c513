import Synchronization

/// Set once by a stream's termination handler, read by the thread that feeds the stream.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}
