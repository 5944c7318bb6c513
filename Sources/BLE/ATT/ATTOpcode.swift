/// ATT opcodes a GATT client and server exchange (Core Spec 5.3 Vol 3 Part F §3.4.8, BlueZ
/// `src/shared/att-types.h`).
package enum ATTOpcode: UInt8, Sendable, CaseIterable {
    case errorResponse = 0x01
    case exchangeMTURequest = 0x02
    case exchangeMTUResponse = 0x03
    case findInformationRequest = 0x04
    case findInformationResponse = 0x05
    case findByTypeValueRequest = 0x06
    case findByTypeValueResponse = 0x07
    case readByTypeRequest = 0x08
    case readByTypeResponse = 0x09
    case readRequest = 0x0A
    case readResponse = 0x0B
    case readBlobRequest = 0x0C
    case readBlobResponse = 0x0D
    case readByGroupTypeRequest = 0x10
    case readByGroupTypeResponse = 0x11
    case writeRequest = 0x12
    case writeResponse = 0x13
    case handleValueNotification = 0x1B
    case handleValueIndication = 0x1D
    case handleValueConfirmation = 0x1E
    case writeCommand = 0x52

    /// Bit 6 of an opcode marks a command: no response, and a server ignores one it does not
    /// support instead of answering with an error (Vol 3 Part F §3.3.1, §3.4.1.1).
    package static func isCommand(_ raw: UInt8) -> Bool { raw & 0x40 != 0 }

    /// A request the server must answer, as opposed to a response, command, notification or
    /// indication/confirmation (confirmations are answered by nobody).
    package static func isRequest(_ raw: UInt8) -> Bool {
        guard !isCommand(raw) else { return false }
        switch raw {
        case 0x02, 0x04, 0x06, 0x08, 0x0A, 0x0C, 0x0E, 0x10, 0x12, 0x16, 0x18, 0x20: return true
        default: return false
        }
    }

    /// The response opcode that completes this request, nil for everything else.
    package var response: ATTOpcode? {
        switch self {
        case .exchangeMTURequest: .exchangeMTUResponse
        case .findInformationRequest: .findInformationResponse
        case .findByTypeValueRequest: .findByTypeValueResponse
        case .readByTypeRequest: .readByTypeResponse
        case .readRequest: .readResponse
        case .readBlobRequest: .readBlobResponse
        case .readByGroupTypeRequest: .readByGroupTypeResponse
        case .writeRequest: .writeResponse
        case .handleValueIndication: .handleValueConfirmation
        default: nil
        }
    }
}
