/// The GATT client as a pure state machine: procedures in, ATT PDUs out, PDUs in, results out.
///
/// Why sans-I/O: the same logic runs over an L2CAP socket, a socketpair in tests and the simulated
/// board, and every timing (the 30 s ATT transaction timeout) is tested with injected time.
/// ATT allows one outstanding request per direction (Vol 3 Part F §3.3.2), so procedures queue and
/// run one at a time; commands (write without response) go out at once.
package struct GATTClientCore: Sendable {
    package struct RequestID: Sendable, Hashable, CustomStringConvertible {
        let value: Int
        package var description: String { "#\(value)" }
    }

    package enum Output: Sendable, Hashable {
        case send([UInt8])
        case completed(RequestID, Result<GATTProcedureResult, GATTClientFailure>)
        case notification(handle: UInt16, value: [UInt8])
        /// An indication; its confirmation has already been queued as `.send`.
        case indication(handle: UInt16, value: [UInt8])
        /// A PDU from the peer we could not use; dropped (and counted), nothing else changes.
        case dropped(String)
        /// The link must be closed (transaction timeout); every procedure has failed.
        case linkDead(String)
    }

    /// No response to a request within 30 s ends the ATT bearer (Vol 3 Part F §3.3.3).
    package static let transactionTimeout: Duration = .seconds(30)
    /// The LE default ATT_MTU (Vol 3 Part F §3.2.8).
    package static let defaultMTU: UInt16 = 23
    /// The longest attribute value (Vol 3 Part F §3.2.9).
    package static let maximumValueLength = 512

    package private(set) var mtu: UInt16 = GATTClientCore.defaultMTU
    package private(set) var droppedPDUs = 0
    package private(set) var isDead = false

    private var nextID = 0
    private var queue: [(RequestID, GATTProcedure)] = []
    private var running: Running?
    private var deadReason: String?

    private struct Running: Sendable {
        var id: RequestID
        var procedure: GATTProcedure
        var awaiting: ATTOpcode
        var sentAt: Duration
        var services: [GATTService] = []
        var characteristics: [GATTCharacteristic] = []
        var descriptors: [ATTHandleUUID] = []
        var value: [UInt8] = []
        /// The start handle of the last request, to insist on progress.
        var cursor: UInt16 = 0
    }

    package init() {}

    /// When `tick` must next be called (the running request's timeout), nil when idle.
    package var deadline: Duration? {
        running.map { $0.sentAt + Self.transactionTimeout }
    }

    package var isIdle: Bool { running == nil && queue.isEmpty }

    // MARK: Inputs

    /// Queues a procedure; it starts now when nothing else runs.
    package mutating func start(_ procedure: GATTProcedure, now: Duration) -> (RequestID, [Output]) {
        nextID += 1
        let id = RequestID(value: nextID)
        if isDead { return (id, [.completed(id, .failure(.disconnected(deadReason)))]) }
        if case .write(_, let value) = procedure, value.count > Int(mtu) - 3 {
            return (id, [.completed(id, .failure(.valueTooLong(value.count, limit: Int(mtu) - 3)))])
        }
        queue.append((id, procedure))
        return (id, running == nil ? startNext(now: now) : [])
    }

    /// A Write Command: sent at once, no response (Vol 3 Part F §3.4.5.3).
    package mutating func writeWithoutResponse(handle: UInt16, value: [UInt8]) -> Result<[Output], GATTClientFailure> {
        if isDead { return .failure(.disconnected(deadReason)) }
        guard value.count <= Int(mtu) - 3 else { return .failure(.valueTooLong(value.count, limit: Int(mtu) - 3)) }
        return .success([.send(ATTPDU.writeCommand(handle: handle, value: value).encoded())])
    }

    /// One PDU from the peer.
    package mutating func receive(_ bytes: [UInt8], now: Duration) -> [Output] {
        if isDead { return [] }
        let pdu: ATTPDU
        do {
            pdu = try ATTPDU(decoding: bytes)
        } catch {
            // A request we cannot decode still gets an answer, or the peer's own transaction
            // would time out and it would drop the link (Vol 3 Part F §3.4.1.1).
            if let op = bytes.first, ATTOpcode.isRequest(op) {
                return [.send(ATTPDU.errorResponse(request: op, handle: 0, error: .requestNotSupported).encoded())]
            }
            return drop("\(error)")
        }
        switch pdu {
        case .handleValueNotification(let handle, let value):
            return [.notification(handle: handle, value: value)]
        case .handleValueIndication(let handle, let value):
            return [.send(ATTPDU.handleValueConfirmation.encoded()), .indication(handle: handle, value: value)]
        case .exchangeMTURequest(let theirs):
            // A peer may start the exchange itself; answer with the MTU we can receive.
            mtu = Self.effectiveMTU(ours: GATTClientCore.preferredMTU, theirs: theirs)
            return [.send(ATTPDU.exchangeMTUResponse(serverRxMTU: GATTClientCore.preferredMTU).encoded())]
        case .findInformationRequest, .findByTypeValueRequest, .readByTypeRequest, .readRequest,
             .readBlobRequest, .readByGroupTypeRequest, .writeRequest:
            // We host no GATT database on the client side.
            let handle: UInt16 = switch pdu {
            case .readRequest(let h), .readBlobRequest(let h, _), .writeRequest(let h, _): h
            case .findInformationRequest(let r), .findByTypeValueRequest(let r, _, _),
                 .readByTypeRequest(let r, _), .readByGroupTypeRequest(let r, _): r.start
            default: 0
            }
            let error: ATTErrorCode = switch pdu {
            case .readRequest, .readBlobRequest, .writeRequest: .invalidHandle
            default: .attributeNotFound
            }
            return [.send(ATTPDU.errorResponse(request: pdu.opcode.rawValue, handle: handle, error: error).encoded())]
        case .writeCommand, .handleValueConfirmation:
            return drop("unexpected \(pdu.opcode) from the peripheral")
        default:
            return response(pdu, now: now)
        }
    }

    /// Time passes; a request unanswered for 30 s kills the link.
    package mutating func tick(now: Duration) -> [Output] {
        guard let deadline, now >= deadline, !isDead else { return [] }
        return fail(all: .timedOut, reason: "ATT transaction timed out (no response in 30 s)")
    }

    /// The transport closed: every queued and running procedure fails.
    package mutating func linkClosed(reason: String?) -> [Output] {
        guard !isDead else { return [] }
        var outputs = fail(all: .disconnected(reason), reason: reason ?? "closed")
        outputs.removeAll { if case .linkDead = $0 { true } else { false } }
        return outputs
    }

    /// The MTU we offer: the LE maximum, so long reads take few round trips.
    package static let preferredMTU: UInt16 = 517

    static func effectiveMTU(ours: UInt16, theirs: UInt16) -> UInt16 {
        max(defaultMTU, min(ours, theirs))
    }

    // MARK: Procedures

    private mutating func startNext(now: Duration) -> [Output] {
        guard running == nil, !queue.isEmpty else { return [] }
        let (id, procedure) = queue.removeFirst()
        let first: ATTPDU
        switch procedure {
        case .exchangeMTU(let ours): first = .exchangeMTURequest(clientRxMTU: ours)
        case .discoverPrimaryServices(nil): first = .readByGroupTypeRequest(.all, type: .primaryService)
        case .discoverPrimaryServices(let uuid?):
            first = .findByTypeValueRequest(.all, type: 0x2800, value: uuid.attWire)
        case .discoverCharacteristics(let range): first = .readByTypeRequest(range, type: .characteristic)
        case .discoverDescriptors(let range): first = .findInformationRequest(range)
        case .read(let handle): first = .readRequest(handle: handle)
        case .write(let handle, let value): first = .writeRequest(handle: handle, value: value)
        }
        running = Running(id: id, procedure: procedure, awaiting: first.opcode.response!, sentAt: now, cursor: 1)
        if case .discoverCharacteristics(let range) = procedure { running!.cursor = range.start }
        if case .discoverDescriptors(let range) = procedure { running!.cursor = range.start }
        return [.send(first.encoded())]
    }

    private mutating func response(_ pdu: ATTPDU, now: Duration) -> [Output] {
        guard var run = running else { return drop("\(pdu.opcode) with no request outstanding") }
        if case .errorResponse(let request, let handle, let error) = pdu {
            guard request == run.awaiting.requestOpcode.rawValue else {
                return drop("error response for 0x\(request.hexDigits) while awaiting \(run.awaiting)")
            }
            return errorResponse(run, error: error, handle: handle, now: now)
        }
        guard pdu.opcode == run.awaiting else { return drop("\(pdu.opcode) while awaiting \(run.awaiting)") }

        var next: ATTPDU?
        switch (run.procedure, pdu) {
        case (.exchangeMTU(let ours), .exchangeMTUResponse(let theirs)):
            mtu = Self.effectiveMTU(ours: ours, theirs: theirs)
            return finish(.success(.mtu(mtu)), now: now)

        case (.discoverPrimaryServices(nil), .readByGroupTypeResponse(let groups)):
            var last = run.cursor
            for group in groups {
                guard group.handle >= run.cursor, group.endGroupHandle >= group.handle, group.handle >= last else {
                    return finish(.failure(.invalidResponse("service group 0x\(String(group.handle, radix: 16)) out of order")), now: now)
                }
                guard let uuid = BLEUUID(littleEndian: group.value), group.value.count != 4 else {
                    return finish(.failure(.invalidResponse("service UUID of \(group.value.count) bytes")), now: now)
                }
                run.services.append(GATTService(uuid: uuid, range: ATTHandleRange(group.handle, group.endGroupHandle)))
                last = group.endGroupHandle
            }
            if last == 0xFFFF { running = run; return finish(.success(.services(run.services)), now: now) }
            run.cursor = last + 1
            next = .readByGroupTypeRequest(ATTHandleRange(run.cursor, 0xFFFF), type: .primaryService)

        case (.discoverPrimaryServices(let uuid?), .findByTypeValueResponse(let ranges)):
            var last = run.cursor
            for range in ranges {
                guard range.start >= run.cursor, range.end >= range.start, range.start >= last else {
                    return finish(.failure(.invalidResponse("service range out of order")), now: now)
                }
                run.services.append(GATTService(uuid: uuid, range: range))
                last = range.end
            }
            if last == 0xFFFF { running = run; return finish(.success(.services(run.services)), now: now) }
            run.cursor = last + 1
            next = .findByTypeValueRequest(ATTHandleRange(run.cursor, 0xFFFF), type: 0x2800, value: uuid.attWire)

        case (.discoverCharacteristics(let range), .readByTypeResponse(let items)):
            var last = run.cursor
            for item in items {
                guard item.handle >= run.cursor, item.handle <= range.end, item.handle >= last else {
                    return finish(.failure(.invalidResponse("characteristic declaration out of range")), now: now)
                }
                guard item.value.count == 5 || item.value.count == 19,
                      let uuid = BLEUUID(littleEndian: item.value.dropFirst(3)) else {
                    return finish(.failure(.invalidResponse("characteristic declaration of \(item.value.count) bytes")), now: now)
                }
                let valueHandle = item.value.u16(1)
                guard valueHandle > item.handle, valueHandle <= range.end else {
                    return finish(.failure(.invalidResponse("value handle outside the service")), now: now)
                }
                run.characteristics.append(GATTCharacteristic(
                    uuid: uuid, declarationHandle: item.handle, valueHandle: valueHandle,
                    properties: GATTCharacteristicProperties(rawValue: item.value[0]), endHandle: range.end))
                last = item.handle
            }
            if last >= range.end { running = run; return completeCharacteristics(run, now: now) }
            run.cursor = last + 1
            next = .readByTypeRequest(ATTHandleRange(run.cursor, range.end), type: .characteristic)

        case (.discoverDescriptors(let range), .findInformationResponse(let pairs)):
            var last = run.cursor
            for pair in pairs {
                guard pair.handle >= run.cursor, pair.handle <= range.end, pair.handle >= last else {
                    return finish(.failure(.invalidResponse("descriptor handle out of range")), now: now)
                }
                run.descriptors.append(pair)
                last = pair.handle
            }
            if last >= range.end { running = run; return finish(.success(.descriptors(run.descriptors)), now: now) }
            run.cursor = last + 1
            next = .findInformationRequest(ATTHandleRange(run.cursor, range.end))

        case (.read(let handle), .readResponse(let value)), (.read(let handle), .readBlobResponse(let value)):
            run.value += value
            // A full PDU may mean more follows (§4.8.3); a short one ends the value.
            if value.count < Int(mtu) - 1 || run.value.count >= Self.maximumValueLength {
                running = run
                return finish(.success(.value(Array(run.value.prefix(Self.maximumValueLength)))), now: now)
            }
            next = .readBlobRequest(handle: handle, offset: UInt16(run.value.count))

        case (.write, .writeResponse):
            return finish(.success(.written), now: now)

        default:
            return finish(.failure(.invalidResponse("\(pdu.opcode) does not answer \(run.procedure)")), now: now)
        }
        run.awaiting = next!.opcode.response!
        run.sentAt = now
        running = run
        return [.send(next!.encoded())]
    }

    private mutating func errorResponse(_ run: Running, error: ATTErrorCode, handle: UInt16, now: Duration) -> [Output] {
        // "Attribute Not Found" ends every discovery (§4.4.1, §4.6.1, §4.7.1) with what was found;
        // a blob read past the end ends a long read (§4.8.3).
        switch (run.procedure, error) {
        case (.discoverPrimaryServices, .attributeNotFound):
            return finish(.success(.services(run.services)), now: now)
        case (.discoverCharacteristics, .attributeNotFound):
            return completeCharacteristics(run, now: now)
        case (.discoverDescriptors, .attributeNotFound):
            return finish(.success(.descriptors(run.descriptors)), now: now)
        case (.read, .attributeNotLong) where run.awaiting == .readBlobResponse,
             (.read, .invalidOffset) where run.awaiting == .readBlobResponse:
            return finish(.success(.value(run.value)), now: now)
        default:
            return finish(.failure(.attribute(error, handle: handle, request: run.awaiting.requestOpcode.rawValue)), now: now)
        }
    }

    /// Each characteristic's range ends where the next declaration begins (§3.3).
    private mutating func completeCharacteristics(_ run: Running, now: Duration) -> [Output] {
        var found = run.characteristics
        for index in found.indices.dropLast() {
            found[index].endHandle = found[index + 1].declarationHandle - 1
        }
        return finish(.success(.characteristics(found)), now: now)
    }

    private mutating func finish(_ result: Result<GATTProcedureResult, GATTClientFailure>, now: Duration) -> [Output] {
        guard let run = running else { return [] }
        running = nil
        return [.completed(run.id, result)] + startNext(now: now)
    }

    private mutating func fail(all failure: GATTClientFailure, reason: String) -> [Output] {
        isDead = true
        deadReason = reason
        var outputs: [Output] = []
        if let run = running { outputs.append(.completed(run.id, .failure(failure))) }
        for (id, _) in queue { outputs.append(.completed(id, .failure(failure == .timedOut ? .disconnected(reason) : failure))) }
        running = nil
        queue = []
        outputs.append(.linkDead(reason))
        return outputs
    }

    private mutating func drop(_ why: String) -> [Output] {
        droppedPDUs += 1
        return [.dropped(why)]
    }
}

extension ATTOpcode {
    /// The request a response opcode answers.
    var requestOpcode: ATTOpcode {
        ATTOpcode.allCases.first { $0.response == self } ?? self
    }
}
