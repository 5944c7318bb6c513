import Dispatch
import Platform
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A TCP proxy on 127.0.0.1 that breaks the connections it carries on command, for the upload's
/// fault tests: the outbox is pointed at the proxy, the proxy at the S3 server, and a test cuts or
/// stalls a request in the middle of its body, then lets the next attempt through. A real link fails
/// so (a Wi-Fi that drops, a peer gone out of range), and neither the server nor libcurl can be made
/// to do it at a chosen byte.
///
/// Faults, switchable while it runs (`set`), counted in bytes from client to server from the moment
/// they are set, over whichever connections carry them:
/// - `pass`: every byte goes through both ways;
/// - `cut(afterBytes:)`: once that many bytes went through, the connection carrying the next byte is
///   reset on both sides (the client sees a reset mid-request), and so is every connection after it
///   at its first byte, until the fault is changed;
/// - `stall(afterBytes:)`: once that many bytes went through, the connection carrying the next byte
///   stops forwarding both ways with its sockets left open (a peer that vanished without a reset), and
///   so does every connection after it at its first byte, until the fault is changed. A stalled
///   connection stays so, whatever the fault becomes, until `resumeStalled()` or `stop()`: a client
///   that gives up on it closes its socket, but its FIN waits behind the bytes the stall left in the
///   socket buffers, as it would behind a dead link, so the proxy cannot tell (it ends the relay
///   early only on a reset or a hang-up that does arrive).
///
/// One thread accepts, one thread relays each connection (poll(2) over the two sockets, blocking
/// sends), none on Swift's cooperative pool. `stop()` (and deinit) closes the listener and every
/// connection and returns once every thread has ended.
package final class FaultProxy: Sendable {
    package enum Fault: Sendable, Hashable {
        case pass
        case cut(afterBytes: Int64)
        case stall(afterBytes: Int64)
    }

    /// What went through, since the proxy started.
    package struct Counters: Sendable, Hashable {
        /// Connections accepted (and connected to the server).
        package var connections = 0
        /// Bytes forwarded from clients to the server, and back.
        package var bytesToServer: Int64 = 0
        package var bytesToClient: Int64 = 0
        /// Connections reset by a cut, and stalled by a stall.
        package var cuts = 0
        package var stalls = 0
        /// Connections held stalled, at the time of reading.
        package var stalledNow = 0
        /// Connections open, at the time of reading.
        package var open = 0
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The proxy's port on 127.0.0.1.
    package let port: Int
    /// `http://127.0.0.1:PORT`, for an `[upload] endpoint` or an `UploadEndpoint`.
    package var endpoint: String { "http://127.0.0.1:\(port)" }
    private let core: Core

    /// Listens on 127.0.0.1 (a port the kernel picks) and forwards each connection to
    /// `upstreamHost:upstreamPort`, passing everything until a fault is set.
    package init(upstreamHost: String = "127.0.0.1", upstreamPort: Int) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw Failure(description: "socket: \(Self.errorText())") }
        var address = Self.address(host: "127.0.0.1", port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else {
            let text = Self.errorText()
            close(listener)
            throw Failure(description: "bind/listen on 127.0.0.1: \(text)")
        }
        guard let stopPipe = Self.wakePair() else {
            let text = Self.errorText()
            close(listener)
            throw Failure(description: "socketpair: \(text)")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        core = Core(listener: listener, stopRead: stopPipe[0], stopWrite: stopPipe[1],
                    upstream: Self.address(host: upstreamHost, port: upstreamPort))
        try core.startAccepting()
    }

    deinit { core.stop() }

    /// Switches the fault; for `cut` and `stall` the byte count starts at this call. Connections already
    /// stalled stay so.
    package func set(_ fault: Fault) {
        core.set(fault)
    }

    /// Lets the stalled connections go on, with the bytes they held (a link that came back).
    package func resumeStalled() {
        core.resumeStalled()
    }

    package var counters: Counters { core.state.withLock { $0.counters } }

    /// Closes the listener and every connection, and returns once every thread has ended.
    package func stop() {
        core.stop()
    }

    static func address(host: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(host)
        address.sin_port = UInt16(clamping: port).bigEndian
        return address
    }

    static func errorText() -> String { String(cString: strerror(errno)) }

    /// A pair of connected sockets to wake a poll(2) with: written to at one end, readable at the
    /// other. A socket pair rather than pipe(2), whose close-on-exec flag Glibc's module cannot set
    /// atomically (pipe2 needs _GNU_SOURCE); both ends non-blocking.
    static func wakePair() -> [Int32]? {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        return socketpair(AF_UNIX, type, 0, &fds) == 0 ? fds : nil
    }

    /// poll(2)'s "peer closed its end" (Linux, include/uapi/asm-generic/poll.h), which Glibc's module
    /// leaves out (it needs _GNU_SOURCE): a stalled relay hears the hang-up without reading.
    static let pollReadHangUp: Int16 = 0x2000

    /// The state the threads share; the proxy's deinit stops them, so they hold this, never the proxy.
    final class Core: Sendable {
        struct Connection {
            let client: Int32
            let server: Int32
            /// Written when the fault changes, so a stalled relay looks again.
            let wakeWrite: Int32
        }

        struct State {
            var fault = Fault.pass
            /// Bytes still to pass before a cut or a stall takes effect.
            var budget: Int64 = 0
            var counters = Counters()
            var stopped = false
            var nextID = 0
            var connections: [Int: Connection] = [:]
            /// How many times `resumeStalled` was called: a relay stalled before the latest goes on.
            var resumes = 0
        }

        /// What a relay may do with bytes a client sent.
        enum Verdict {
            case forward
            case cut(forwardFirst: Int)
            case stall(forwardFirst: Int, resumes: Int)
        }

        let state = Mutex(State())
        let threads = DispatchGroup()
        let listener: Int32
        let stopRead: Int32
        let stopWrite: Int32
        let upstream: sockaddr_in

        init(listener: Int32, stopRead: Int32, stopWrite: Int32, upstream: sockaddr_in) {
            self.listener = listener
            self.stopRead = stopRead
            self.stopWrite = stopWrite
            self.upstream = upstream
        }

        func startAccepting() throws {
            threads.enter()
            if let code = DetachedThread.start(name: "fault-proxy", { [self] in
                acceptLoop()
                threads.leave()
            }) {
                threads.leave()
                stop()
                throw Failure(description: "cannot start the proxy's thread (pthread_create: errno \(code))")
            }
        }

        func set(_ fault: Fault) {
            let wakes: [Int32] = state.withLock { state in
                state.fault = fault
                switch fault {
                case .pass: state.budget = 0
                case .cut(let bytes), .stall(let bytes): state.budget = max(0, bytes)
                }
                return state.connections.values.map(\.wakeWrite)
            }
            for fd in wakes { Self.poke(fd) }
        }

        func resumeStalled() {
            let wakes: [Int32] = state.withLock { state in
                state.resumes += 1
                return state.connections.values.map(\.wakeWrite)
            }
            for fd in wakes { Self.poke(fd) }
        }

        func stop() {
            let connections: [Connection]? = state.withLock { state in
                guard !state.stopped else { return nil }
                state.stopped = true
                return Array(state.connections.values)
            }
            guard let connections else { return }
            // Never read: stays readable, so every thread's poll sees it.
            Self.poke(stopWrite)
            // A relay blocked in send(2) to a peer that reads no more returns at the shutdown.
            for connection in connections {
                shutdown(connection.client, Int32(SHUT_RDWR))
                shutdown(connection.server, Int32(SHUT_RDWR))
            }
            threads.wait()
            close(listener)
            close(stopRead)
            close(stopWrite)
        }

        static func poke(_ fd: Int32) {
            var byte: UInt8 = 1
            _ = write(fd, &byte, 1)
        }

        /// Accepts until stopped; each client gets a connection of its own to the server.
        private func acceptLoop() {
            while true {
                var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&fds, 2, -1)
                if ready < 0 && errno == EINTR { continue }
                if ready < 0 || fds[1].revents != 0 { return }
                guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
                let client = accept(listener, nil, nil)
                guard client >= 0 else { continue }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
                var address = upstream
                let connected = server >= 0 && withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                    }
                }
                guard connected, let wake = FaultProxy.wakePair() else {
                    close(client)
                    if server >= 0 { close(server) }
                    continue
                }
                var one: Int32 = 1
                setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                setsockopt(server, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                let connection = Connection(client: client, server: server, wakeWrite: wake[1])
                let id: Int? = state.withLock { state in
                    guard !state.stopped else { return nil }
                    let id = state.nextID
                    state.nextID += 1
                    state.connections[id] = connection
                    state.counters.connections += 1
                    state.counters.open += 1
                    return id
                }
                guard let id else {
                    for fd in [client, server, wake[0], wake[1]] { close(fd) }
                    return
                }
                threads.enter()
                let wakeRead = wake[0]
                if DetachedThread.start(name: "fault-relay", { [self] in
                    relay(connection, wakeRead: wakeRead)
                    finish(id, connection, wakeRead: wakeRead)
                    threads.leave()
                }) != nil {
                    finish(id, connection, wakeRead: wakeRead)
                    threads.leave()
                }
            }
        }

        private func finish(_ id: Int, _ connection: Connection, wakeRead: Int32) {
            state.withLock { state in
                state.connections[id] = nil
                state.counters.open -= 1
            }
            for fd in [connection.client, connection.server, connection.wakeWrite, wakeRead] { close(fd) }
        }

        /// Takes `count` bytes a client sent against the fault's budget.
        private func verdict(for count: Int) -> Verdict {
            state.withLock { state in
                switch state.fault {
                case .pass:
                    return .forward
                case .cut, .stall:
                    let allowed = Int(min(Int64(count), state.budget))
                    state.budget -= Int64(allowed)
                    guard allowed < count else { return .forward }
                    if case .cut = state.fault { return .cut(forwardFirst: allowed) }
                    return .stall(forwardFirst: allowed, resumes: state.resumes)
                }
            }
        }

        /// Relays one connection until either side closes it, a cut, or the stop.
        private func relay(_ connection: Connection, wakeRead: Int32) {
            let client = connection.client, server = connection.server
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var toServerOpen = true, toClientOpen = true
            /// Bytes a stall holds back, sent when it is lifted, and the `resumes` it waits past.
            var held: [UInt8]?
            var stalledAt = 0
            defer {
                if held != nil { state.withLock { $0.counters.stalledNow -= 1 } }
            }
            while toServerOpen || toClientOpen {
                let (stopped, resumes) = state.withLock { ($0.stopped, $0.resumes) }
                if stopped { return }
                if let bytes = held, resumes != stalledAt {
                    held = nil
                    state.withLock { $0.counters.stalledNow -= 1 }
                    guard forward(bytes[...], to: server, toServer: true) else { return }
                }
                if held != nil {
                    // Stalled: nothing is read, so nothing moves; only a hang-up, a resume or the stop
                    // is heard.
                    var fds = [pollfd(fd: client, events: FaultProxy.pollReadHangUp, revents: 0),
                               pollfd(fd: server, events: FaultProxy.pollReadHangUp, revents: 0),
                               pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
                    let ready = poll(&fds, 4, -1)
                    if ready < 0 && errno == EINTR { continue }
                    if ready < 0 || fds[0].revents != 0 || fds[1].revents != 0 || fds[3].revents != 0 { return }
                    drain(wakeRead)
                    continue
                }
                var fds = [pollfd(fd: client, events: toServerOpen ? Int16(POLLIN) : 0, revents: 0),
                           pollfd(fd: server, events: toClientOpen ? Int16(POLLIN) : 0, revents: 0),
                           pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&fds, 4, -1)
                if ready < 0 && errno == EINTR { continue }
                if ready < 0 || fds[3].revents != 0 { return }
                if fds[2].revents != 0 { drain(wakeRead) }
                let broken = Int16(POLLERR) | Int16(POLLNVAL)
                if fds[0].revents & broken != 0 || fds[1].revents & broken != 0 { return }
                let readable = Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)
                if toServerOpen, fds[0].revents & readable != 0 {
                    let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                    if count < 0 { return }
                    if count == 0 {
                        toServerOpen = false
                        shutdown(server, Int32(SHUT_WR))
                    } else {
                        switch verdict(for: count) {
                        case .forward:
                            guard forward(buffer[..<count], to: server, toServer: true) else { return }
                        case .cut(let first):
                            _ = forward(buffer[..<first], to: server, toServer: true)
                            state.withLock { $0.counters.cuts += 1 }
                            reset(client)
                            reset(server)
                            return
                        case .stall(let first, let resumes):
                            guard forward(buffer[..<first], to: server, toServer: true) else { return }
                            // Counted once the bytes before it are, so a test that sees the stall sees them.
                            state.withLock { state in
                                state.counters.stalls += 1
                                state.counters.stalledNow += 1
                            }
                            held = Array(buffer[first..<count])
                            stalledAt = resumes
                            continue
                        }
                    }
                }
                if toClientOpen, fds[1].revents & readable != 0 {
                    let count = buffer.withUnsafeMutableBytes { recv(server, $0.baseAddress, $0.count, 0) }
                    if count < 0 { return }
                    if count == 0 {
                        toClientOpen = false
                        shutdown(client, Int32(SHUT_WR))
                    } else {
                        guard forward(buffer[..<count], to: client, toServer: false) else { return }
                    }
                }
            }
        }

        /// Sends all of `bytes`, counting them; false when the peer is gone.
        private func forward(_ bytes: ArraySlice<UInt8>, to fd: Int32, toServer: Bool) -> Bool {
            var sent = 0
            while sent < bytes.count {
                let count = bytes.withUnsafeBytes { raw in
                    send(fd, raw.baseAddress.map { $0 + sent }, raw.count - sent, Int32(MSG_NOSIGNAL))
                }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                sent += count
                state.withLock { state in
                    if toServer { state.counters.bytesToServer += Int64(count) } else { state.counters.bytesToClient += Int64(count) }
                }
            }
            return true
        }

        /// Makes the close (`finish`) a reset (SO_LINGER 0, socket(7)), as a dropped link's peer sees
        /// it, rather than an orderly end of the stream.
        private func reset(_ fd: Int32) {
            var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        }

        private func drain(_ fd: Int32) {
            var bytes = [UInt8](repeating: 0, count: 64)
            while bytes.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
        }
    }
}
