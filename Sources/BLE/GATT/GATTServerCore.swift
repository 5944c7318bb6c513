/// A GATT server as a pure state machine for one connection: request PDUs in, responses and
/// events for the device model out. The device simulators host their services with it, in process
/// over a socketpair and in the rig over a real L2CAP ATT socket.
package struct GATTServerCore: Sendable {
    package enum Output: Sendable, Hashable {
        case send([UInt8])
        /// A client wrote a characteristic value (the value is already stored).
        case written(characteristic: BLEUUID, value: [UInt8], withResponse: Bool)
        /// A client changed a CCCD.
        case subscriptionChanged(characteristic: BLEUUID, notify: Bool, indicate: Bool)
        /// A PDU that could not be served; requests among them were answered with an error.
        case refused(String)
    }

    /// How the owner supplies a value at read time (nil: the stored value). Why: a device model
    /// computes some values (battery, mode) when asked rather than keeping the table current.
    package typealias ValueProvider = (BLEUUID) -> [UInt8]?

    package private(set) var database: GATTDatabase
    package private(set) var mtu: UInt16 = GATTClientCore.defaultMTU
    private let preferredMTU: UInt16
    private var awaitingConfirmation = false

    package init(database: GATTDatabase, preferredMTU: UInt16 = 517) {
        self.database = database
        self.preferredMTU = preferredMTU
    }

    /// Whether the client enabled notifications (bit 0) or indications (bit 1) of a characteristic.
    package func subscription(of characteristic: BLEUUID) -> (notify: Bool, indicate: Bool) {
        guard let cccd = database.attributes.first(where: { $0.kind == .clientConfiguration && $0.characteristic == characteristic }),
              let bits = cccd.value.first else { return (false, false) }
        return (bits & 1 != 0, bits & 2 != 0)
    }

    /// Replaces a characteristic's stored value.
    package mutating func setValue(_ value: [UInt8], of characteristic: BLEUUID) {
        guard let handle = database.valueHandle(of: characteristic), let i = database.index(of: handle) else { return }
        database.setValue(value, at: i)
    }

    /// The notification PDU for a value, nil unless the client subscribed. Values longer than a
    /// PDU are cut to ATT_MTU − 3, as the spec has it (Vol 3 Part F §3.4.7.1).
    package func notification(of characteristic: BLEUUID, value: [UInt8]) -> [UInt8]? {
        guard subscription(of: characteristic).notify, let handle = database.valueHandle(of: characteristic) else { return nil }
        return ATTPDU.handleValueNotification(handle: handle, value: Array(value.prefix(Int(mtu) - 3))).encoded()
    }

    /// One PDU from the client.
    package mutating func receive(_ bytes: [UInt8], values: ValueProvider = { _ in nil }) -> [Output] {
        let pdu: ATTPDU
        do {
            pdu = try ATTPDU(decoding: bytes)
        } catch {
            guard let op = bytes.first, ATTOpcode.isRequest(op) else {
                return [.refused("\(error)")]  // commands and responses we cannot decode are ignored
            }
            let code: ATTErrorCode = ATTOpcode(rawValue: op) == nil ? .requestNotSupported : .invalidPDU
            return [.send(ATTPDU.errorResponse(request: op, handle: 0, error: code).encoded()), .refused("\(error)")]
        }
        switch pdu {
        case .exchangeMTURequest(let theirs):
            mtu = GATTClientCore.effectiveMTU(ours: preferredMTU, theirs: theirs)
            return [.send(ATTPDU.exchangeMTUResponse(serverRxMTU: preferredMTU).encoded())]
        case .readByGroupTypeRequest(let range, let type):
            return answer(pdu, handle: range.start) { () throws(ATTErrorCode) in try readByGroupType(range, type) }
        case .findByTypeValueRequest(let range, let type, let value):
            return answer(pdu, handle: range.start) { () throws(ATTErrorCode) in try findByTypeValue(range, type, value) }
        case .readByTypeRequest(let range, let type):
            return answer(pdu, handle: range.start) { () throws(ATTErrorCode) in try readByType(range, type, values) }
        case .findInformationRequest(let range):
            return answer(pdu, handle: range.start) { () throws(ATTErrorCode) in try findInformation(range) }
        case .readRequest(let handle):
            return answer(pdu, handle: handle) { () throws(ATTErrorCode) in
                .readResponse(Array(try readable(handle, values).prefix(Int(mtu) - 1)))
            }
        case .readBlobRequest(let handle, let offset):
            return answer(pdu, handle: handle) { () throws(ATTErrorCode) in
                let value = try readable(handle, values)
                guard Int(offset) <= value.count else { throw .invalidOffset }
                return .readBlobResponse(Array(value.dropFirst(Int(offset)).prefix(Int(mtu) - 1)))
            }
        case .writeRequest(let handle, let value):
            var events: [Output] = []
            var outputs = answer(pdu, handle: handle) { () throws(ATTErrorCode) in
                events = try write(handle, value, withResponse: true)
                return .writeResponse
            }
            outputs += events
            return outputs
        case .writeCommand(let handle, let value):
            // Commands get no answer, even when refused (Vol 3 Part F §3.4.5.3).
            do {
                return try write(handle, value, withResponse: false)
            } catch {
                return [.refused("write command to handle 0x\(String(handle, radix: 16)): \(error)")]
            }
        case .handleValueConfirmation:
            awaitingConfirmation = false
            return []
        default:
            return [.refused("unexpected \(pdu.opcode) from a client")]
        }
    }

    // MARK: Requests

    /// Runs a request; an error becomes an Error Response. Errors other than "not found" (which
    /// ends every discovery) are also reported as refusals: a central broke the table's rules.
    private func answer(_ request: ATTPDU, handle: UInt16, _ body: () throws(ATTErrorCode) -> ATTPDU) -> [Output] {
        do {
            return [.send(try body().encoded())]
        } catch {
            let response = Output.send(ATTPDU.errorResponse(request: request.opcode.rawValue, handle: handle, error: error).encoded())
            guard error != .attributeNotFound else { return [response] }
            return [response, .refused("\(request.opcode) on handle 0x\(String(handle, radix: 16)): \(error)")]
        }
    }

    private func checked(_ range: ATTHandleRange) throws(ATTErrorCode) -> [GATTDatabase.Attribute] {
        guard range.start != 0, range.start <= range.end else { throw .invalidHandle }
        let found = database.attributes.filter { $0.handle >= range.start && $0.handle <= range.end }
        guard !found.isEmpty else { throw .attributeNotFound }
        return found
    }

    private func readByGroupType(_ range: ATTHandleRange, _ type: BLEUUID) throws(ATTErrorCode) -> ATTPDU {
        guard type == .primaryService || type == .secondaryService else { throw .unsupportedGroupType }
        let groups = try checked(range).filter { $0.kind == .serviceDeclaration && $0.type == type }
        guard let first = groups.first else { throw .attributeNotFound }
        // One response carries records of one length, as many as fit (Vol 3 Part F §3.4.4.10).
        let length = first.value.count
        let fit = (Int(mtu) - 2) / (4 + length)
        let items = groups.prefix { $0.value.count == length }.prefix(fit)
        return .readByGroupTypeResponse(items.map { ATTGroupData(handle: $0.handle, endGroupHandle: $0.groupEnd, value: $0.value) })
    }

    private func findByTypeValue(_ range: ATTHandleRange, _ type: UInt16, _ value: [UInt8]) throws(ATTErrorCode) -> ATTPDU {
        let matches = try checked(range).filter { $0.type == BLEUUID(type) && $0.value == value }
        guard !matches.isEmpty else { throw .attributeNotFound }
        let fit = (Int(mtu) - 1) / 4
        return .findByTypeValueResponse(matches.prefix(fit).map {
            ATTHandleRange($0.handle, $0.kind == .serviceDeclaration ? $0.groupEnd : $0.handle)
        })
    }

    private func readByType(_ range: ATTHandleRange, _ type: BLEUUID, _ values: ValueProvider) throws(ATTErrorCode) -> ATTPDU {
        let matches = try checked(range).filter { $0.type == type }
        guard let first = matches.first else { throw .attributeNotFound }
        if first.kind == .characteristicValue, !first.properties.contains(.read) { throw .readNotPermitted }
        let limit = min(253, Int(mtu) - 4)
        var items: [ATTAttributeData] = []
        for a in matches {
            if a.kind == .characteristicValue, !a.properties.contains(.read) { break }
            let full = (a.kind == .characteristicValue ? a.characteristic.flatMap(values) : nil) ?? a.value
            let value = Array(full.prefix(limit))
            // Records of one length, as many as fit (Vol 3 Part F §3.4.4.2).
            if let length = items.first?.value.count, value.count != length { break }
            if (items.count + 1) * (2 + value.count) > Int(mtu) - 2 { break }
            items.append(ATTAttributeData(handle: a.handle, value: value))
        }
        return .readByTypeResponse(items)
    }

    private func findInformation(_ range: ATTHandleRange) throws(ATTErrorCode) -> ATTPDU {
        let found = try checked(range)
        let short = found[0].type.uuid16 != nil
        let size = short ? 4 : 18
        let items = found.prefix { ($0.type.uuid16 != nil) == short }.prefix((Int(mtu) - 2) / size)
        return .findInformationResponse(items.map { ATTHandleUUID(handle: $0.handle, uuid: $0.type) })
    }

    private func readable(_ handle: UInt16, _ values: ValueProvider) throws(ATTErrorCode) -> [UInt8] {
        guard let i = database.index(of: handle) else { throw .invalidHandle }
        let a = database.attributes[i]
        if a.kind == .characteristicValue {
            guard a.properties.contains(.read) else { throw .readNotPermitted }
            return a.characteristic.flatMap(values) ?? a.value
        }
        return a.value
    }

    private mutating func write(_ handle: UInt16, _ value: [UInt8], withResponse: Bool) throws(ATTErrorCode) -> [Output] {
        guard let i = database.index(of: handle) else { throw .invalidHandle }
        let a = database.attributes[i]
        switch a.kind {
        case .characteristicValue:
            let allowed: GATTCharacteristicProperties = withResponse ? .write : .writeWithoutResponse
            guard a.properties.contains(allowed) else { throw .writeNotPermitted }
            guard value.count <= GATTClientCore.maximumValueLength else { throw .invalidAttributeValueLength }
            database.setValue(value, at: i)
            return [.written(characteristic: a.characteristic!, value: value, withResponse: withResponse)]
        case .clientConfiguration:
            guard value.count == 2 else { throw .invalidAttributeValueLength }
            let notify = value[0] & 1 != 0, indicate = value[0] & 2 != 0
            if (notify && !a.properties.contains(.notify)) || (indicate && !a.properties.contains(.indicate))
                || value[0] & 0xFC != 0 || value[1] != 0 {
                throw .cccdImproperlyConfigured
            }
            database.setValue(value, at: i)
            return [.subscriptionChanged(characteristic: a.characteristic!, notify: notify, indicate: indicate)]
        default:
            throw .writeNotPermitted
        }
    }
}
