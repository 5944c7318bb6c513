#if canImport(Glibc)
import Glibc
#endif

extension DetachedThread {
    /// Runs a blocking call on its own thread and awaits its result. The call should bound its
    /// own waits (poll slices) and check `cancelled` so cancelling the task ends it promptly.
    static func run<T: Sendable>(_ body: @escaping @Sendable (_ cancelled: @Sendable () -> Bool) -> Result<T, SocketError>)
        async throws -> T {
        let flag = StopFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let failed = start(name: "wf-connect") { continuation.resume(with: body { flag.isSet }.mapError { $0 as any Error }) }
                if let failed { continuation.resume(throwing: SocketError("starting a thread", errno: failed)) }
            }
        } onCancel: {
            flag.set()
        }
    }
}
