import Logging
import Platform

/// One management socket: the commands we send, matched to their answers, and every other event.
///
/// Why an actor: commands and events share the socket, and the kernel answers a command with a
/// Command Complete (or a failing Command Status) addressed to the socket that sent it. Keeping at
/// most one command outstanding per opcode and controller index, and matching the answer by both,
/// keeps that pairing unambiguous; everything else goes to the one `events()` subscriber. Commands
/// of different opcodes may overlap: a pairing's User Confirmation Reply must go out while its Pair
/// Device is still waiting for its answer (`BLEPairing`). The socket's reader is a dedicated thread
/// (`ManagementSocket.events`), so nothing here blocks the cooperative pool.
package actor ManagementClient {
    /// Where it runs: the process's event loop unless its creator names another (a test's
    /// `TestEventLoop`); a message from another actor on the same loop is a queue append.
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private struct Pending {
        let id: Int
        let key: Key
        let operation: String
        let continuation: CheckedContinuation<Result<ManagementCommandReply, BLEManagementError>, Never>
    }

    /// What the kernel's answer names: the command's opcode and controller index.
    private struct Key: Hashable {
        let opcode: ManagementOpcode
        let index: UInt16
    }

    private let socket: ManagementSocket
    private let commandTimeout: Duration
    private let logger: Logger
    private var pending: [Pending] = []
    private var running: Set<Key> = []
    private var turnWaiters: [Key: [CheckedContinuation<Void, Never>]] = [:]
    private var nextID = 0
    private var subscriber: AsyncThrowingStream<ManagementEventFrame, any Error>.Continuation?
    /// How many frames the current `events()` stream has been given. A command's answer is matched
    /// after every frame the kernel sent before it has been given, so a consumer that has handled
    /// this many frames has seen everything that preceded the answer (`BLEPairing` waits for that).
    package private(set) var eventsDelivered = 0
    private var reader: Task<Void, Never>?
    private var failure: BLEManagementError?

    /// Opens the kernel's management socket (`ManagementSocket.open`).
    package static func open(commandTimeout: Duration = .seconds(10), logger: Logger = Logger(label: "ble"),
                            executor: any ActorExecutor = EventLoop.preferred) throws(BLEManagementError) -> ManagementClient {
        do {
            return ManagementClient(socket: try ManagementSocket.open(), commandTimeout: commandTimeout, logger: logger,
                                    executor: executor)
        } catch {
            throw .socket(error)
        }
    }

    /// Over any socket speaking mgmt datagrams (a socketpair in tests and the rig).
    package init(socket: ManagementSocket, commandTimeout: Duration = .seconds(10), logger: Logger = Logger(label: "ble"),
                executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        self.socket = socket
        self.commandTimeout = commandTimeout
        self.logger = logger
    }

    /// Every event that is not the answer to our own command. One subscriber: a second call ends
    /// the first stream.
    package func events() -> AsyncThrowingStream<ManagementEventFrame, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: ManagementEventFrame.self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(4096))
        subscriber?.finish()
        eventsDelivered = 0
        if let failure {
            continuation.finish(throwing: failure)
            return stream
        }
        subscriber = continuation
        startReader()
        return stream
    }

    /// Sends `command` to controller `index` and waits for its answer (any status), at most
    /// `timeout` (default: the client's command timeout). A command with the same opcode and index
    /// as one still outstanding waits for that one to be answered first.
    package func send(_ command: ManagementCommand, index: UInt16,
                     timeout: Duration? = nil) async throws(BLEManagementError) -> ManagementCommandReply {
        let packet: [UInt8]
        do { packet = try command.packet(index: index) } catch { throw .encoding(error) }
        let key = Key(opcode: command.opcode, index: index)
        await acquireTurn(key)
        defer { releaseTurn(key) }
        if let failure { throw failure }
        startReader()
        nextID += 1
        let id = nextID
        let operation = index == ManagementIndex.none ? "\(command.opcode)" : "\(command.opcode) on hci\(index)"
        let limit = timeout ?? commandTimeout
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<ManagementCommandReply, BLEManagementError>, Never>) in
            pending.append(Pending(id: id, key: key, operation: operation, continuation: continuation))
            do throws(ManagementSocketError) {
                try socket.send(packet)
            } catch {
                resolve(id: id, .failure(.socket(error)))
                return
            }
            Task(executorPreference: executor) { [weak self] in
                try? await Task.sleep(for: limit)
                await self?.expire(id)
            }
        }
        return try result.get()
    }

    /// Sends `command` and requires Success; a failure status becomes the matching error.
    package func run(_ command: ManagementCommand, index: UInt16, operation: String,
                    timeout: Duration? = nil) async throws(BLEManagementError) -> [UInt8] {
        let reply = try await send(command, index: index, timeout: timeout)
        switch reply.status {
        case .success: return reply.parameters
        case .permissionDenied: throw .permissionDenied(operation: operation)
        default: throw .commandFailed(operation: operation, status: reply.status)
        }
    }

    /// Ends the reader (which then closes the socket), fails a waiting command and ends `events()`.
    package func close() {
        if failure == nil { failure = .socket(.closed) }
        if let reader {
            reader.cancel()
        } else {
            socket.close()
        }
        reader = nil
        resolveAll(.failure(.socket(.closed)))
        subscriber?.finish()
        subscriber = nil
    }

    // MARK: - Reading

    private func startReader() {
        guard reader == nil, failure == nil else { return }
        let packets = socket.events()
        reader = Task(executorPreference: executor) { [weak self] in
            do {
                for try await packet in packets {
                    guard let self else { return }
                    await self.receive(packet)
                }
                await self?.readerEnded(nil)
            } catch {
                await self?.readerEnded(error)
            }
        }
    }

    private func receive(_ packet: [UInt8]) {
        let frame: ManagementEventFrame
        do {
            frame = try ManagementEventFrame(decoding: packet)
        } catch {
            logger.debug("ignoring a malformed mgmt packet: \(error)")
            return
        }
        switch frame.event {
        case let .commandComplete(opcode, status, parameters):
            if let match = outstanding(opcode, frame.controllerIndex) {
                resolve(id: match, .success(ManagementCommandReply(status: status, parameters: parameters)))
                return
            }
        case let .commandStatus(opcode, status):
            if let match = outstanding(opcode, frame.controllerIndex) {
                // Success here is early news of a pending command; its Command Complete follows.
                if status != .success { resolve(id: match, .success(ManagementCommandReply(status: status))) }
                return
            }
        default:
            break
        }
        if let subscriber {
            subscriber.yield(frame)
            eventsDelivered += 1
        }
    }

    private func readerEnded(_ error: (any Error)?) {
        guard reader != nil else { return }  // close() already reported
        reader = nil
        let reason: BLEManagementError = (error as? ManagementSocketError).map { .socket($0) } ?? .socket(.closed)
        failure = reason
        resolveAll(.failure(reason))
        subscriber?.finish(throwing: reason)
        subscriber = nil
    }

    private func expire(_ id: Int) {
        guard let entry = pending.first(where: { $0.id == id }) else { return }
        resolve(id: id, .failure(.timeout(operation: entry.operation)))
    }

    /// The id of the outstanding command the kernel's answer names, if any.
    private func outstanding(_ opcode: ManagementOpcode, _ index: UInt16) -> Int? {
        pending.first { $0.key == Key(opcode: opcode, index: index) }?.id
    }

    private func resolve(id: Int, _ result: Result<ManagementCommandReply, BLEManagementError>) {
        guard let position = pending.firstIndex(where: { $0.id == id }) else { return }
        pending.remove(at: position).continuation.resume(returning: result)
    }

    private func resolveAll(_ result: Result<ManagementCommandReply, BLEManagementError>) {
        let all = pending
        pending = []
        for entry in all { entry.continuation.resume(returning: result) }
    }

    // MARK: - One command per opcode and index at a time

    private func acquireTurn(_ key: Key) async {
        if !running.contains(key) {
            running.insert(key)
            return
        }
        await withCheckedContinuation { turnWaiters[key, default: []].append($0) }
    }

    private func releaseTurn(_ key: Key) {
        if var waiters = turnWaiters[key], !waiters.isEmpty {
            let next = waiters.removeFirst()
            turnWaiters[key] = waiters.isEmpty ? nil : waiters
            next.resume()
        } else {
            running.remove(key)
        }
    }
}
