import Logging
import Platform

/// One management socket: the commands we send, matched to their answers, and every other event.
///
/// Why an actor: commands and events share the socket, and the kernel answers a command with a
/// Command Complete (or a failing Command Status) addressed to the socket that sent it. Sending one
/// command at a time and matching the answer by opcode and controller index keeps that pairing
/// unambiguous; everything else goes to the one `events()` subscriber. The socket's reader is a
/// dedicated thread (`ManagementSocket.events`), so nothing here blocks the cooperative pool.
public actor ManagementClient {
    private struct Pending {
        let id: Int
        let opcode: ManagementOpcode
        let index: UInt16
        let operation: String
        let continuation: CheckedContinuation<Result<ManagementCommandReply, BLEManagementError>, Never>
    }

    private let socket: ManagementSocket
    private let commandTimeout: Duration
    private let logger: Logger
    private var pending: Pending?
    private var commandRunning = false
    private var turnWaiters: [CheckedContinuation<Void, Never>] = []
    private var nextID = 0
    private var subscriber: AsyncThrowingStream<ManagementEventFrame, any Error>.Continuation?
    private var reader: Task<Void, Never>?
    private var failure: BLEManagementError?

    /// Opens the kernel's management socket (`ManagementSocket.open`).
    public static func open(commandTimeout: Duration = .seconds(10),
                            logger: Logger = Logger(label: "ble")) throws(BLEManagementError) -> ManagementClient {
        do {
            return ManagementClient(socket: try ManagementSocket.open(), commandTimeout: commandTimeout, logger: logger)
        } catch {
            throw .socket(error)
        }
    }

    /// Over any socket speaking mgmt datagrams (a socketpair in tests and the rig).
    public init(socket: ManagementSocket, commandTimeout: Duration = .seconds(10), logger: Logger = Logger(label: "ble")) {
        self.socket = socket
        self.commandTimeout = commandTimeout
        self.logger = logger
    }

    /// Every event that is not the answer to our own command. One subscriber: a second call ends
    /// the first stream.
    public func events() -> AsyncThrowingStream<ManagementEventFrame, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: ManagementEventFrame.self, throwing: (any Error).self, bufferingPolicy: .bufferingNewest(4096))
        subscriber?.finish()
        if let failure {
            continuation.finish(throwing: failure)
            return stream
        }
        subscriber = continuation
        startReader()
        return stream
    }

    /// Sends `command` to controller `index` and waits for its answer (any status).
    public func send(_ command: ManagementCommand, index: UInt16) async throws(BLEManagementError) -> ManagementCommandReply {
        let packet: [UInt8]
        do { packet = try command.packet(index: index) } catch { throw .encoding(error) }
        await acquireTurn()
        defer { releaseTurn() }
        if let failure { throw failure }
        startReader()
        nextID += 1
        let id = nextID
        let operation = index == ManagementIndex.none ? "\(command.opcode)" : "\(command.opcode) on hci\(index)"
        let timeout = commandTimeout
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<ManagementCommandReply, BLEManagementError>, Never>) in
            pending = Pending(id: id, opcode: command.opcode, index: index, operation: operation, continuation: continuation)
            do throws(ManagementSocketError) {
                try socket.send(packet)
            } catch {
                pending = nil
                continuation.resume(returning: .failure(.socket(error)))
                return
            }
            Task { [weak self] in
                try? await Task.sleep(for: timeout)
                await self?.expire(id)
            }
        }
        return try result.get()
    }

    /// Sends `command` and requires Success; a failure status becomes the matching error.
    public func run(_ command: ManagementCommand, index: UInt16, operation: String) async throws(BLEManagementError) -> [UInt8] {
        let reply = try await send(command, index: index)
        switch reply.status {
        case .success: return reply.parameters
        case .permissionDenied: throw .permissionDenied(operation: operation)
        default: throw .commandFailed(operation: operation, status: reply.status)
        }
    }

    /// Ends the reader (which then closes the socket), fails a waiting command and ends `events()`.
    public func close() {
        if failure == nil { failure = .socket(.closed) }
        if let reader {
            reader.cancel()
        } else {
            socket.close()
        }
        reader = nil
        resolvePending(.failure(.socket(.closed)))
        subscriber?.finish()
        subscriber = nil
    }

    // MARK: - Reading

    private func startReader() {
        guard reader == nil, failure == nil else { return }
        let packets = socket.events()
        reader = Task { [weak self] in
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
        if let pending, pending.index == frame.controllerIndex {
            switch frame.event {
            case let .commandComplete(opcode, status, parameters) where opcode == pending.opcode:
                resolvePending(.success(ManagementCommandReply(status: status, parameters: parameters)))
                return
            case let .commandStatus(opcode, status) where opcode == pending.opcode:
                // Success here is early news of a pending command; its Command Complete follows.
                if status != .success { resolvePending(.success(ManagementCommandReply(status: status))) }
                return
            default:
                break
            }
        }
        subscriber?.yield(frame)
    }

    private func readerEnded(_ error: (any Error)?) {
        guard reader != nil else { return }  // close() already reported
        reader = nil
        let reason: BLEManagementError = (error as? ManagementSocketError).map { .socket($0) } ?? .socket(.closed)
        failure = reason
        resolvePending(.failure(reason))
        subscriber?.finish(throwing: reason)
        subscriber = nil
    }

    private func expire(_ id: Int) {
        guard let pending, pending.id == id else { return }
        resolvePending(.failure(.timeout(operation: pending.operation)))
    }

    private func resolvePending(_ result: Result<ManagementCommandReply, BLEManagementError>) {
        guard let current = pending else { return }
        pending = nil
        current.continuation.resume(returning: result)
    }

    // MARK: - One command at a time

    private func acquireTurn() async {
        if !commandRunning {
            commandRunning = true
            return
        }
        await withCheckedContinuation { turnWaiters.append($0) }
    }

    private func releaseTurn() {
        if turnWaiters.isEmpty {
            commandRunning = false
        } else {
            turnWaiters.removeFirst().resume()
        }
    }
}
