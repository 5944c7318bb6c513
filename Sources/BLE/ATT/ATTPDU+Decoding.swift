extension ATTPDU {
    /// Decodes one PDU. Every length is checked before a byte is read, so truncated, padded or
    /// garbled input from a peer is a typed error, never a crash.
    package init(decoding bytes: [UInt8]) throws(ATTDecodeError) {
        guard let first = bytes.first else { throw .empty }
        guard let op = ATTOpcode(rawValue: first) else { throw .unsupportedOpcode(first) }
        let p = Array(bytes.dropFirst())
        func need(_ count: Int, exact: Bool = true) throws(ATTDecodeError) {
            if exact ? p.count != count : p.count < count { throw .badLength(op, bytes.count) }
        }
        switch op {
        case .errorResponse:
            try need(4)
            self = .errorResponse(request: p[0], handle: p.u16(1), error: ATTErrorCode(rawValue: p[3]))
        case .exchangeMTURequest:
            try need(2)
            self = .exchangeMTURequest(clientRxMTU: p.u16(0))
        case .exchangeMTUResponse:
            try need(2)
            self = .exchangeMTUResponse(serverRxMTU: p.u16(0))
        case .findInformationRequest:
            try need(4)
            self = .findInformationRequest(p.range(0))
        case .findInformationResponse:
            try need(1, exact: false)
            let uuidSize: Int
            switch p[0] {
            case 0x01: uuidSize = 2
            case 0x02: uuidSize = 16
            default: throw .invalidField(op, "format \(p[0]) is neither 1 nor 2")
            }
            let records = try Self.records(p.dropFirst(), size: 2 + uuidSize, op: op, total: bytes.count)
            var found: [ATTHandleUUID] = []
            for record in records {
                guard let uuid = BLEUUID(littleEndian: record.dropFirst(2)) else {
                    throw .invalidField(op, "a UUID of \(record.count - 2) bytes")
                }
                found.append(ATTHandleUUID(handle: record.u16(0), uuid: uuid))
            }
            self = .findInformationResponse(found)
        case .findByTypeValueRequest:
            try need(6, exact: false)
            self = .findByTypeValueRequest(p.range(0), type: p.u16(4), value: Array(p.dropFirst(6)))
        case .findByTypeValueResponse:
            let records = try Self.records(p[...], size: 4, op: op, total: bytes.count)
            self = .findByTypeValueResponse(records.map { $0.range(0) })
        case .readByTypeRequest, .readByGroupTypeRequest:
            guard p.count == 6 || p.count == 20 else { throw .badLength(op, bytes.count) }
            guard let type = BLEUUID(littleEndian: p.dropFirst(4)) else { throw .badLength(op, bytes.count) }
            self = op == .readByTypeRequest ? .readByTypeRequest(p.range(0), type: type)
                                            : .readByGroupTypeRequest(p.range(0), type: type)
        case .readByTypeResponse:
            try need(1, exact: false)
            guard p[0] >= 2 else { throw .invalidField(op, "record length \(p[0]) < 2") }
            let records = try Self.records(p.dropFirst(), size: Int(p[0]), op: op, total: bytes.count)
            self = .readByTypeResponse(records.map { ATTAttributeData(handle: $0.u16(0), value: Array($0.dropFirst(2))) })
        case .readByGroupTypeResponse:
            try need(1, exact: false)
            guard p[0] >= 4 else { throw .invalidField(op, "record length \(p[0]) < 4") }
            let records = try Self.records(p.dropFirst(), size: Int(p[0]), op: op, total: bytes.count)
            self = .readByGroupTypeResponse(records.map {
                ATTGroupData(handle: $0.u16(0), endGroupHandle: $0.u16(2), value: Array($0.dropFirst(4)))
            })
        case .readRequest:
            try need(2)
            self = .readRequest(handle: p.u16(0))
        case .readResponse:
            self = .readResponse(p)
        case .readBlobRequest:
            try need(4)
            self = .readBlobRequest(handle: p.u16(0), offset: p.u16(2))
        case .readBlobResponse:
            self = .readBlobResponse(p)
        case .writeRequest, .writeCommand, .handleValueNotification, .handleValueIndication:
            try need(2, exact: false)
            let handle = p.u16(0), value = Array(p.dropFirst(2))
            switch op {
            case .writeRequest: self = .writeRequest(handle: handle, value: value)
            case .writeCommand: self = .writeCommand(handle: handle, value: value)
            case .handleValueNotification: self = .handleValueNotification(handle: handle, value: value)
            default: self = .handleValueIndication(handle: handle, value: value)
            }
        case .writeResponse:
            try need(0)
            self = .writeResponse
        case .handleValueConfirmation:
            try need(0)
            self = .handleValueConfirmation
        }
    }

    /// Splits `data` into records of `size` bytes; at least one, and no remainder.
    private static func records(_ data: ArraySlice<UInt8>, size: Int, op: ATTOpcode,
                                total: Int) throws(ATTDecodeError) -> [ArraySlice<UInt8>] {
        guard size > 0, !data.isEmpty, data.count % size == 0 else { throw .badLength(op, total) }
        return stride(from: data.startIndex, to: data.endIndex, by: size).map { data[$0..<($0 + size)] }
    }
}

extension Collection<UInt8> where Index == Int {
    /// The little-endian UInt16 at `offset` from the start (the caller has checked the length).
    func u16(_ offset: Int) -> UInt16 {
        UInt16(self[startIndex + offset]) | UInt16(self[startIndex + offset + 1]) << 8
    }

    func range(_ offset: Int) -> ATTHandleRange {
        ATTHandleRange(u16(offset), u16(offset + 2))
    }
}
