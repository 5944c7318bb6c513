import Logging
import Platform
import Synchronization

/// The `GATTClient` the device actors use, over one ATT bearer: an L2CAP socket to a real
/// peripheral, or a socketpair to a simulator. It owns the socket and the timer; the protocol is
/// `GATTClientCore`'s.
///
/// Characteristics are found once by `discover(services:)`; reads, writes and CCCD switches then
/// address them by UUID. A dead link (peer gone, 30 s transaction timeout, `disconnect()`) ends
/// `events` with `.disconnected` and fails every later call with `GATTError.disconnected`.
package actor SocketGATTClient: GATTClient {
    /// Where it runs: the process's event loop unless its creator names another (a test's
    /// `TestEventLoop`); a message from another actor on the same loop is a queue append.
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    package nonisolated let events: AsyncStream<GATTClientEvent>
    private let sink: AsyncStream<GATTClientEvent>.Continuation
    private let socket: PacketSocket
    private let clock: SessionClock
    private let logger: Logger
    private var core = GATTClientCore()
    private var waiting: [GATTClientCore.RequestID: CheckedContinuation<GATTProcedureResult, any Error>] = [:]
    private var characteristics: [BLEUUID: GATTCharacteristic] = [:]
    private var cccdHandles: [BLEUUID: UInt16] = [:]
    private var byValueHandle: [UInt16: BLEUUID] = [:]
    private var timerTask: Task<Void, Never>?
    private var closed = false

    /// Starts serving the socket at once; call `exchangeMTU` next when the peer is real.
    package init(socket: PacketSocket, clock: SessionClock, logger: Logger, executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        self.socket = socket
        self.clock = clock
        self.logger = logger
        (events, sink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1024))
        let packets = socket.packets()
        // The reader ends with the socket; it holds the client weakly so a dropped client closes it.
        Task(executorPreference: executor) { [weak self] in
            var reason: String?
            do {
                for try await packet in packets {
                    guard let self else { return }
                    await self.received(packet)
                }
                reason = "the peripheral closed the link"
            } catch {
                reason = "\(error)"
            }
            await self?.linkEnded(reason: reason)
        }
    }

    deinit {
        socket.close()
        sink.finish()
    }

    /// Agrees the ATT MTU (once per link, client-initiated); returns the effective MTU.
    @discardableResult
    package func exchangeMTU(_ ours: UInt16 = GATTClientCore.preferredMTU) async throws -> UInt16 {
        guard case .mtu(let mtu) = try await perform(.exchangeMTU(ours)) else { return core.mtu }
        return mtu
    }

    /// Runs one GATT procedure and waits for its result. A cancelled caller stops waiting at once
    /// (`CancellationError`); the request itself stays on the bearer, as ATT cannot withdraw one, and
    /// its late answer is ignored.
    package func perform(_ procedure: GATTProcedure) async throws -> GATTProcedureResult {
        let request = PendingRequest()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let (id, outputs) = core.start(procedure, now: clock.elapsed)
                waiting[id] = continuation
                request.id.withLock { $0 = id }
                handle(outputs)
                if Task.isCancelled { abandon(id) }
            }
        } onCancel: {
            Task(executorPreference: executor) { await self.abandon(request.id.withLock { $0 }) }
        }
    }

    private func abandon(_ id: GATTClientCore.RequestID?) {
        guard let id, let continuation = waiting.removeValue(forKey: id) else { return }
        continuation.resume(throwing: CancellationError())
    }

    package var mtu: UInt16 { core.mtu }

    /// False once the link ended (either side, or a timeout).
    package var isLinkOpen: Bool { !closed }

    // MARK: GATTClient

    package func discover(services wanted: [BLEUUID]) async throws -> [BLEUUID: [BLEUUID]] {
        let wantedUUIDs = Set(wanted)
        guard case .services(let services) = try await perform(.discoverPrimaryServices(nil)) else { return [:] }
        var table: [BLEUUID: [BLEUUID]] = [:]
        for service in services where wantedUUIDs.contains(service.uuid) {
            guard case .characteristics(let found) = try await perform(.discoverCharacteristics(service.range)) else { continue }
            for c in found {
                characteristics[c.uuid] = c
                byValueHandle[c.valueHandle] = c.uuid
            }
            table[service.uuid] = found.map(\.uuid)
        }
        return table
    }

    package func read(characteristic: BLEUUID) async throws -> [UInt8] {
        let c = try known(characteristic)
        guard case .value(let value) = try await perform(.read(handle: c.valueHandle)) else { return [] }
        return value
    }

    package func write(characteristic: BLEUUID, value: [UInt8], withResponse: Bool) async throws {
        let c = try known(characteristic)
        if withResponse {
            _ = try await perform(.write(handle: c.valueHandle, value: value))
        } else {
            switch core.writeWithoutResponse(handle: c.valueHandle, value: value) {
            case .success(let outputs): handle(outputs)
            case .failure(let failure): throw Self.gattError(failure, characteristic)
            }
        }
    }

    package func setNotifications(characteristic: BLEUUID, enabled: Bool) async throws {
        let c = try known(characteristic)
        guard !c.properties.isDisjoint(with: [.notify, .indicate]) else {
            throw GATTError.notFound("notifications of \(characteristic.uuidString) (the characteristic does not notify)")
        }
        let cccd = try await cccdHandle(of: c)
        // Notifications when offered, else indications (Vol 3 Part G §3.3.3.3).
        let bits: UInt8 = enabled ? (c.properties.contains(.notify) ? 0x01 : 0x02) : 0x00
        do {
            _ = try await perform(.write(handle: cccd, value: [bits, 0x00]))
        } catch let failure as GATTClientFailure {
            throw Self.gattError(failure, characteristic)
        }
    }

    package func disconnect() async {
        guard !closed else { return }
        linkEnded(reason: nil)
    }

    // MARK: Internals

    private func known(_ uuid: BLEUUID) throws -> GATTCharacteristic {
        guard let c = characteristics[uuid] else {
            throw closed ? GATTError.disconnected : GATTError.notFound("characteristic \(uuid.uuidString) (not discovered)")
        }
        if closed { throw GATTError.disconnected }
        return c
    }

    private func cccdHandle(of c: GATTCharacteristic) async throws -> UInt16 {
        if let handle = cccdHandles[c.uuid] { return handle }
        guard let range = c.descriptorRange,
              case .descriptors(let found) = try await perform(.discoverDescriptors(range)),
              let cccd = found.first(where: { $0.uuid == .clientCharacteristicConfiguration }) else {
            throw GATTError.notFound("CCCD of \(c.uuid.uuidString)")
        }
        cccdHandles[c.uuid] = cccd.handle
        return cccd.handle
    }

    private func received(_ packet: [UInt8]) {
        handle(core.receive(packet, now: clock.elapsed))
    }

    private func handle(_ outputs: [GATTClientCore.Output]) {
        for output in outputs {
            switch output {
            case .send(let bytes):
                do {
                    try socket.send(bytes)
                } catch {
                    linkEnded(reason: "\(error)")
                    return
                }
                startTimerIfNeeded()
            case .completed(let id, let result):
                guard let continuation = waiting.removeValue(forKey: id) else { continue }
                switch result {
                case .success(let value): continuation.resume(returning: value)
                case .failure(let failure): continuation.resume(throwing: failure)
                }
            case .notification(let handle, let value), .indication(let handle, let value):
                if let uuid = byValueHandle[handle] {
                    sink.yield(.notification(characteristic: uuid, value: value))
                } else {
                    logger.debug("notification on undiscovered handle 0x\(String(handle, radix: 16)) dropped")
                }
            case .dropped(let why):
                logger.warning("dropped a PDU from the peripheral: \(why)")
            case .linkDead(let reason):
                logger.error("GATT link dead: \(reason)")
                linkEnded(reason: reason)
            }
        }
    }

    /// One timer for the running request's 30 s deadline; it re-arms while requests keep coming.
    private func startTimerIfNeeded() {
        guard timerTask == nil, core.deadline != nil else { return }
        timerTask = Task(executorPreference: executor) { [weak self] in await self?.runTimer() }
    }

    private func runTimer() async {
        while let deadline = core.deadline, !closed {
            do {
                try await clock.sleep(until: SessionInstant(offset: deadline))
            } catch {
                break
            }
            handle(core.tick(now: clock.elapsed))
        }
        timerTask = nil
    }

    private func linkEnded(reason: String?) {
        guard !closed else { return }
        closed = true
        socket.close()
        let outputs = core.linkClosed(reason: reason)
        for case .completed(let id, .failure(let failure)) in outputs {
            waiting.removeValue(forKey: id)?.resume(throwing: failure)
        }
        for (_, continuation) in waiting { continuation.resume(throwing: GATTClientFailure.disconnected(reason)) }
        waiting = [:]
        timerTask?.cancel()
        sink.yield(.disconnected(reason: reason))
        sink.finish()
    }

    static func gattError(_ failure: GATTClientFailure, _ characteristic: BLEUUID) -> GATTError {
        switch failure {
        case .attribute(let code, _, _): .attributeError(code: code.rawValue, characteristic: characteristic)
        case .timedOut: .timedOut("ATT response for \(characteristic.uuidString)")
        case .disconnected: .disconnected
        case .invalidResponse(let why): .unavailable("invalid response: \(why)")
        case .valueTooLong(let n, let limit): .unavailable("value of \(n) bytes exceeds \(limit)")
        }
    }
}

/// The request a `perform` call is waiting for, known once it has been queued.
private final class PendingRequest: Sendable {
    let id = Mutex<GATTClientCore.RequestID?>(nil)
}
