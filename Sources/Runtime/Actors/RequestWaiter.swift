/// One caller of `BeltActor.handled(_:before:)`: how many requests it waits for, the timer that ends
/// the wait at its deadline, and where the answer goes.
struct RequestWaiter {
    let id: Int
    let count: Int
    let timer: Task<Void, Never>
    let continuation: CheckedContinuation<Bool, Never>
}
