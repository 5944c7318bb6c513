extension ATTPDU {
    /// The PDU's bytes: opcode, then parameters (little-endian).
    package func encoded() -> [UInt8] {
        var out: [UInt8] = [opcode.rawValue]
        switch self {
        case .errorResponse(let request, let handle, let error):
            out.append(request)
            out.appendLE(handle)
            out.append(error.rawValue)
        case .exchangeMTURequest(let mtu), .exchangeMTUResponse(let mtu):
            out.appendLE(mtu)
        case .findInformationRequest(let range):
            out.appendRange(range)
        case .findInformationResponse(let pairs):
            // Format 1 when every UUID has a 16-bit alias; a mixed list cannot be one PDU (§3.4.3.2).
            let short = pairs.allSatisfy { $0.uuid.uuid16 != nil }
            out.append(short ? 0x01 : 0x02)
            for pair in pairs {
                out.appendLE(pair.handle)
                out += short ? pair.uuid.attWire : pair.uuid.wire128
            }
        case .findByTypeValueRequest(let range, let type, let value):
            out.appendRange(range)
            out.appendLE(type)
            out += value
        case .findByTypeValueResponse(let ranges):
            for range in ranges { out.appendRange(range) }
        case .readByTypeRequest(let range, let type), .readByGroupTypeRequest(let range, let type):
            out.appendRange(range)
            out += type.attWire
        case .readByTypeResponse(let items):
            out.append(UInt8(truncatingIfNeeded: 2 + (items.first?.value.count ?? 0)))
            for item in items {
                out.appendLE(item.handle)
                out += item.value
            }
        case .readRequest(let handle):
            out.appendLE(handle)
        case .readResponse(let value), .readBlobResponse(let value):
            out += value
        case .readBlobRequest(let handle, let offset):
            out.appendLE(handle)
            out.appendLE(offset)
        case .readByGroupTypeResponse(let items):
            out.append(UInt8(truncatingIfNeeded: 4 + (items.first?.value.count ?? 0)))
            for item in items {
                out.appendLE(item.handle)
                out.appendLE(item.endGroupHandle)
                out += item.value
            }
        case .writeRequest(let handle, let value), .writeCommand(let handle, let value),
             .handleValueNotification(let handle, let value), .handleValueIndication(let handle, let value):
            out.appendLE(handle)
            out += value
        case .writeResponse, .handleValueConfirmation:
            break
        }
        return out
    }
}

extension [UInt8] {
    mutating func appendLE(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    mutating func appendRange(_ range: ATTHandleRange) {
        appendLE(range.start)
        appendLE(range.end)
    }
}
