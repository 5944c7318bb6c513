import CGPIOShim
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Lines requested as pulled-up inputs with edge events; released on `release()` or deinit.
///
/// Read edges either synchronously with `waitForEvents(timeout:)` or as an async sequence with
/// `events()`. If a debounce was asked for and the kernel cannot apply it
/// (libgpiod 1.6), edges pass through a `Debouncer` here, so callers see the same behaviour on
/// Bookworm and Trixie.
package final class GPIOInputRequest: @unchecked Sendable, GPIOEventSource {
    /// The chip the lines belong to; kept alive as long as the request.
    package let chip: GPIOChip
    package let offsets: [UInt32]
    package let activeLow: Bool
    /// The debounce period asked for.
    package let debounce: Duration
    /// The part of `debounce` the kernel applies: all of it with libgpiod 2, zero with 1.6.
    package let kernelDebounce: Duration
    /// True when edges are debounced here rather than by the kernel.
    package let debouncesInUserSpace: Bool
    /// File descriptors to poll for readability (one per line with libgpiod 1.6, one per
    /// request with 2.x). Owned by the request: do not close them, and do not use them after
    /// `release()`.
    package let fileDescriptors: [Int32]

    private let lock = HandleLock()
    // Guarded by `lock`:
    private var handle: OpaquePointer?
    private var debouncer: Debouncer?
    /// The running stream's stop signal (which `release()` sets to wake its thread; nil while no stream
    /// runs), and whether the lines were released. Not under `lock`: the stream's thread holds that while it waits, with
    /// no timeout, so anything that must not wait for the next edge looks here.
    private let stream = Mutex<(stop: StopFlag?, released: Bool)>((nil, false))

    /// Events moved per read from the shim.
    private static let readChunk = 64
    /// Reads per wait, so a line that never stops bouncing cannot hold the caller forever.
    private static let maxReadsPerWait = 16

    init(chip: GPIOChip, handle: OpaquePointer, offsets: [UInt32], activeLow: Bool, debounce: Duration) {
        self.chip = chip
        self.handle = handle
        self.offsets = offsets
        self.activeLow = activeLow
        self.debounce = max(debounce, .zero)
        let kernel = Duration.microseconds(Int64(wf_gpio_request_kernel_debounce_us(handle)))
        kernelDebounce = kernel
        debouncer = self.debounce > kernel ? Debouncer(window: self.debounce) : nil
        debouncesInUserSpace = debouncer != nil
        fileDescriptors = (0..<wf_gpio_request_num_fds(handle)).map { wf_gpio_request_fd(handle, $0) }
    }

    deinit {
        if let handle { chip.release(request: handle) }
    }

    /// Blocks up to `timeout` for edges and returns every pending one after debouncing; an
    /// empty array means the timeout passed (or only bounces arrived).
    package func waitForEvents(timeout: Duration) throws(GPIOError) -> [GPIOEdgeEvent] {
        // Refused before taking `lock`, which a running stream's thread holds until the next edge.
        if stream.withLock({ $0.stop != nil }) { throw GPIOError.streamAlreadyActive }
        return try lock.withLock { () throws(GPIOError) -> [GPIOEdgeEvent] in
            try waitLocked(timeout: timeout)
        }
    }

    /// The request's edges as an async sequence, read by a dedicated thread that sleeps in `poll`
    /// until an edge arrives or the stream ends: cancelling the consuming task, dropping the stream or
    /// `release()` wakes and stops the thread at once. The stream finishes when the request is
    /// released and throws `GPIOError` if reading fails. One stream at a time.
    package func events() -> AsyncThrowingStream<GPIOEdgeEvent, any Error> {
        let stop = StopFlag()
        let claimed: GPIOError? = stream.withLock {
            if $0.released { return .released }
            if $0.stop != nil { return .streamAlreadyActive }
            $0.stop = stop
            return nil
        }
        if let claimed {
            return AsyncThrowingStream { $0.finish(throwing: claimed) }
        }
        return GPIOEventPump.stream(from: self, stop: stop) { [self] in
            stream.withLock {
                if $0.stop === stop { $0.stop = nil }
            }
        }
    }

    /// Gives the lines back to the kernel; later waits throw `GPIOError.released` and an
    /// active stream finishes. Wakes an active stream's thread first (a stream started after this
    /// is refused), then waits for a synchronous `waitForEvents` in progress (at most its timeout).
    package func release() {
        stream.withLock {
            $0.released = true
            $0.stop?.set()
        }
        let released: OpaquePointer? = lock.withLock {
            defer { handle = nil }
            return handle
        }
        if let released { chip.release(request: released) }
    }

    // MARK: - GPIOEventSource

    func nextEvents(until stop: StopFlag) throws(GPIOError) -> [GPIOEdgeEvent] {
        try lock.withLock { () throws(GPIOError) -> [GPIOEdgeEvent] in
            guard let handle else { throw GPIOError.released }
            // The lines' descriptors (one per line with libgpiod 1.6, one per request with 2.x) and
            // the stop signal, as libgpiod's own waits poll them (POLLIN | POLLPRI).
            var entries = fileDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN | POLLPRI), revents: 0) }
            entries.append(stop.pollEntry)
            let rc = poll(&entries, nfds_t(entries.count), stop.pollTimeout)
            if rc < 0 {
                if errno == EINTR { return [] }
                throw readError(errno, operation: "waiting for GPIO edges")
            }
            guard entries.dropLast().contains(where: { $0.revents != 0 }) else { return [] }
            return try readPendingLocked(handle)
        }
    }

    // MARK: - Private

    private func waitLocked(timeout: Duration) throws(GPIOError) -> [GPIOEdgeEvent] {
        guard let handle else { throw GPIOError.released }
        let rc = wf_gpio_request_wait(handle, Self.nanoseconds(timeout))
        if rc < 0 { throw readError(-rc, operation: "waiting for GPIO edges") }
        if rc == 0 { return [] }
        return try readPendingLocked(handle)
    }

    private func readPendingLocked(_ handle: OpaquePointer) throws(GPIOError) -> [GPIOEdgeEvent] {
        var events: [GPIOEdgeEvent] = []
        var buffer = [wf_gpio_event](repeating: wf_gpio_event(), count: Self.readChunk)
        for _ in 0..<Self.maxReadsPerWait {
            let count = buffer.withUnsafeMutableBufferPointer { raw in
                wf_gpio_request_read(handle, raw.baseAddress, raw.count)
            }
            if count < 0 {
                // Hand over what was read; the failure will show again on the next wait.
                if events.isEmpty { throw readError(-count, operation: "reading GPIO edges") }
                break
            }
            events.reserveCapacity(events.count + Int(count))
            for raw in buffer.prefix(Int(count)) {
                events.append(GPIOEdgeEvent(
                    offset: raw.offset,
                    edge: raw.edge == WF_GPIO_EDGE_RISING ? .rising : .falling,
                    timestamp: .nanoseconds(raw.timestamp_ns)))
            }
            if Int(count) < Self.readChunk { break }
        }
        if var filter = debouncer {
            events = filter.filter(events)
            debouncer = filter
        }
        return events
    }

    private func readError(_ code: Int32, operation: String) -> GPIOError {
        .system(operation: operation + " on lines \(offsets)", path: chip.path, errno: code)
    }

    /// A timeout as the shim takes it: negative waits become polls, huge ones saturate.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let nanos = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanos.overflow else { return Int64.max }
        let total = nanos.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000)
        return total.overflow ? Int64.max : total.partialValue
    }
}
