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
package enum DetachedThread {
    /// Runs `body` on a new detached thread named `name` (what `top -H` and `/proc/PID/task/*/comm`
    /// show; the kernel keeps 15 bytes); nil on success, else the errno `pthread_create` returned.
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Int32? {
        let box = Unmanaged.passRetained(Body(name: name, body)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let body = Unmanaged<Body>.fromOpaque(raw).takeRetainedValue()
            body.runNamed()
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
        let name: String
        let run: @Sendable () -> Void
        init(name: String, _ run: @escaping @Sendable () -> Void) {
            self.name = name
            self.run = run
        }

        /// Names the calling thread, then runs the body. Glibc's module does not export
        /// `pthread_setname_np` (it needs _GNU_SOURCE) and `prctl` is variadic, so the name goes where
        /// both put it: the thread's `comm` file (proc(5)). A name that cannot be set costs only a
        /// poorer `top -H`.
        func runNamed() {
            let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            if fd >= 0 {
                let bytes = Array(name.utf8.prefix(15))
                _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                close(fd)
            }
            run()
        }
    }
}
