/// One ATT PDU, as a value. `encoded()` and `init(decoding:)` are exact inverses for every PDU a
/// GATT client or our GATT server sends or receives (Core Spec 5.3 Vol 3 Part F §3.4). All
/// multi-byte fields are little-endian.
package enum ATTPDU: Sendable, Hashable {
    case errorResponse(request: UInt8, handle: UInt16, error: ATTErrorCode)
    /// The sender's receive MTU (§3.4.2.1).
    case exchangeMTURequest(clientRxMTU: UInt16)
    case exchangeMTUResponse(serverRxMTU: UInt16)
    case findInformationRequest(ATTHandleRange)
    /// Handle–UUID pairs, all 16-bit (format 1) or all 128-bit (format 2) UUIDs (§3.4.3.2).
    case findInformationResponse([ATTHandleUUID])
    /// Only 16-bit attribute types can be searched by value (§3.4.3.3).
    case findByTypeValueRequest(ATTHandleRange, type: UInt16, value: [UInt8])
    case findByTypeValueResponse([ATTHandleRange])
    case readByTypeRequest(ATTHandleRange, type: BLEUUID)
    /// Handle–value pairs of one common length (§3.4.4.2).
    case readByTypeResponse([ATTAttributeData])
    case readRequest(handle: UInt16)
    case readResponse([UInt8])
    case readBlobRequest(handle: UInt16, offset: UInt16)
    case readBlobResponse([UInt8])
    case readByGroupTypeRequest(ATTHandleRange, type: BLEUUID)
    /// Handle–end-group-handle–value triples of one common length (§3.4.4.10).
    case readByGroupTypeResponse([ATTGroupData])
    case writeRequest(handle: UInt16, value: [UInt8])
    case writeResponse
    case writeCommand(handle: UInt16, value: [UInt8])
    case handleValueNotification(handle: UInt16, value: [UInt8])
    case handleValueIndication(handle: UInt16, value: [UInt8])
    case handleValueConfirmation

    package var opcode: ATTOpcode {
        switch self {
        case .errorResponse: .errorResponse
        case .exchangeMTURequest: .exchangeMTURequest
        case .exchangeMTUResponse: .exchangeMTUResponse
        case .findInformationRequest: .findInformationRequest
        case .findInformationResponse: .findInformationResponse
        case .findByTypeValueRequest: .findByTypeValueRequest
        case .findByTypeValueResponse: .findByTypeValueResponse
        case .readByTypeRequest: .readByTypeRequest
        case .readByTypeResponse: .readByTypeResponse
        case .readRequest: .readRequest
        case .readResponse: .readResponse
        case .readBlobRequest: .readBlobRequest
        case .readBlobResponse: .readBlobResponse
        case .readByGroupTypeRequest: .readByGroupTypeRequest
        case .readByGroupTypeResponse: .readByGroupTypeResponse
        case .writeRequest: .writeRequest
        case .writeResponse: .writeResponse
        case .writeCommand: .writeCommand
        case .handleValueNotification: .handleValueNotification
        case .handleValueIndication: .handleValueIndication
        case .handleValueConfirmation: .handleValueConfirmation
        }
    }
}

/// An inclusive handle range; also a Find By Type Value response's found handle and group end.
package struct ATTHandleRange: Sendable, Hashable {
    package var start: UInt16
    package var end: UInt16
    package init(_ start: UInt16, _ end: UInt16) {
        self.start = start
        self.end = end
    }

    /// The whole database (0x0001–0xFFFF).
    package static let all = ATTHandleRange(0x0001, 0xFFFF)
}

package struct ATTHandleUUID: Sendable, Hashable {
    package var handle: UInt16
    package var uuid: BLEUUID
    package init(handle: UInt16, uuid: BLEUUID) {
        self.handle = handle
        self.uuid = uuid
    }
}

package struct ATTAttributeData: Sendable, Hashable {
    package var handle: UInt16
    package var value: [UInt8]
    package init(handle: UInt16, value: [UInt8]) {
        self.handle = handle
        self.value = value
    }
}

package struct ATTGroupData: Sendable, Hashable {
    package var handle: UInt16
    package var endGroupHandle: UInt16
    package var value: [UInt8]
    package init(handle: UInt16, endGroupHandle: UInt16, value: [UInt8]) {
        self.handle = handle
        self.endGroupHandle = endGroupHandle
        self.value = value
    }
}
