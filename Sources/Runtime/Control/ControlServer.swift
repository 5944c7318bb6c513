import Logging
import Platform
import ServiceLifecycle
import Status

/// Serves the control socket (docs/control.md): each connection sends requests, one per packet,
/// and gets one answer per request; `follow` keeps answering with the status after every change
/// until the client hangs up. A peer that `ControlAccess` does not allow gets one refusal and is
/// disconnected.
package actor ControlServer {
    /// Where it runs: the process's event loop unless its creator names another (a test's
    /// `TestEventLoop`); a message from another actor on the same loop is a queue append.
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private let listener: ControlSocketListener
    private let access: ControlAccess
    private let handler: any ControlHandler
    private let logger: Logger

    package init(listener: ControlSocketListener, access: ControlAccess, handler: any ControlHandler, logger: Logger,
                executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        self.listener = listener
        self.access = access
        self.handler = handler
        self.logger = logger
    }

    /// Accepts connections until cancelled, then removes the socket file.
    package func run() async {
        await withDiscardingTaskGroup { group in
            for await connection in listener.connections() {
                group.addTask(executorPreference: executor) { await self.serve(connection) }
            }
            // Stopped: the open connections (a follower above all) end with it.
            group.cancelAll()
        }
        listener.close()
    }

    package nonisolated func stop() { listener.close() }

    private func serve(_ connection: ControlSocketListener.Connection) async {
        let socket = connection.socket
        defer { socket.close() }
        guard let peer = connection.peer, access.allows(uid: peer.uid, gid: peer.gid, groups: peer.groups) else {
            let uid = connection.peer?.uid ?? UInt32.max
            let refusal = access.refusal(uid: uid)
            logger.notice("control socket: refused a connection from uid \(uid)\(connection.peer.map { " (pid \($0.pid))" } ?? "")")
            try? socket.send(Array(ControlResponse(error: refusal).line.utf8))
            // Hang up only after the peer's request is read (or 2 s pass): a Unix socket closed with
            // unread input resets the connection, and the peer's next read would then fail with
            // ECONNRESET before it reached the refusal (unix(7); net/unix/af_unix.c, unix_release_sock).
            await Self.readFirstPacket(of: socket, within: .seconds(2), on: executor)
            return
        }
        let source = ControlPeerDescription(uid: peer.uid, pid: peer.pid)
        // One reader of the connection's packets; a `follow` runs beside it until the client hangs
        // up, which ends the packets and cancels the follower.
        await withDiscardingTaskGroup { group in
            do {
                for try await packet in socket.packets() {
                    let text = String(decoding: packet, as: UTF8.self).trimmingTrailingNewlines()
                    let request: ControlRequest
                    do {
                        request = try ControlRequest(line: text)
                    } catch {
                        try socket.send(Array(ControlResponse(error: "\(error)").line.utf8))
                        continue
                    }
                    switch request {
                    case .status:
                        try socket.send(Array(ControlResponse(status: await handler.status()).line.utf8))
                    case .control(let command):
                        try socket.send(Array(await answer(command, from: source).line.utf8))
                    case .follow:
                        let handler = self.handler
                        group.addTask(executorPreference: executor) {
                            await Self.follow(handler, on: socket)
                        }
                    }
                }
            } catch {
                logger.debug("control socket: a connection from uid \(peer.uid) ended: \(error)")
            }
            group.cancelAll()
        }
    }

    private static func readFirstPacket(of socket: PacketSocket, within limit: Duration, on executor: any ActorExecutor) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask(executorPreference: executor) {
                do { for try await _ in socket.packets() { return } } catch { return }
            }
            group.addTask(executorPreference: executor) {
                try? await SessionClock.continuous().sleep(for: limit)
            }
            await group.next()
            group.cancelAll()
        }
    }

    private func answer(_ command: ControlCommand, from source: ControlPeerDescription) async -> ControlResponse {
        do {
            let result = try await handler.perform(command, from: source)
            return ControlResponse(control: command, result: result, status: await handler.status())
        } catch {
            return ControlResponse(error: error.reason, control: command)
        }
    }

    /// The status now and after every change, until cancelled or the client is gone.
    private static func follow(_ handler: any ControlHandler, on socket: PacketSocket) async {
        let changes = handler.changes()
        do {
            try socket.send(Array(ControlResponse(status: await handler.status()).line.utf8))
            for await _ in changes {
                try socket.send(Array(ControlResponse(status: await handler.status()).line.utf8))
            }
        } catch {
            return
        }
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = Substring(self)
        while let last = text.last, last == "\n" || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
