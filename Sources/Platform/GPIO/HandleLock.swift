#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A plain pthread mutex guarding a C handle.
///
/// Why not `Synchronization.Mutex`: the guarded values are raw C pointers that are not
/// `Sendable`, and `Mutex`'s `sending` rules fight handing them to C calls. The handle classes
/// keep their pointers `let` (or guarded) and serialise every C call through this lock, which
/// is what makes their `@unchecked Sendable` true.
final class HandleLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
