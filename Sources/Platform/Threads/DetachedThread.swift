#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Starts a detached pthread for a loop that blocks in the kernel (poll, ppoll, read).
///
/// Why not a Task: a blocking wait on the cooperative pool would starve every other task on a
/// 2-core Pi. Each loop that uses this bounds its waits, so it notices a stop request within one
/// wait and never spins.
enum DetachedThread {
    /// Runs `body` on a new detached thread; nil on success, else the errno `pthread_create` returned.
    static func start(_ body: @escaping @Sendable () -> Void) -> Int32? {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let body = Unmanaged<Body>.fromOpaque(raw).takeRetainedValue()
            body.run()
            return nil
        }, box)
        guard rc == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            return rc
        }
        pthread_detach(thread)
        return nil
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
