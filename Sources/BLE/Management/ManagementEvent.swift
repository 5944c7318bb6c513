import Vocabulary

/// A mgmt event's meaning, decoded from its code and parameters.
///
/// Layouts from mgmt-api.txt, each event's section. Events Wayfinder does not act on stay `.other`
/// with their bytes, so a newer kernel's events never fail the decode.
package enum ManagementEvent: Sendable, Hashable {
    /// 0x0001: Command_Opcode (2), Status (1), Return_Parameters.
    case commandComplete(opcode: ManagementOpcode, status: ManagementStatus, returnParameters: [UInt8])
    /// 0x0002: Command_Opcode (2), Status (1). A failure ends the command; success is only early news.
    case commandStatus(opcode: ManagementOpcode, status: ManagementStatus)
    /// 0x0003: Error_Code (1), the controller's HCI Hardware Error.
    case controllerError(code: UInt8)
    /// 0x0004, no parameters.
    case indexAdded
    /// 0x0005, no parameters.
    case indexRemoved
    /// 0x0006: Current_Settings (4).
    case newSettings(ControllerSettings)
    /// 0x000A: Store_Hint (1), then the 36-byte key. The hint is set only when both sides asked for
    /// bonding and the peer has an identity address (`smp_notify_keys` in net/bluetooth/smp.c,
    /// `mgmt_new_ltk` in mgmt.c): a key without it is for this connection only.
    case newLongTermKey(storeHint: Bool, key: LongTermKey)
    /// 0x000F.
    case userConfirmationRequest(UserConfirmationRequest)
    /// 0x0011: Address (6), Address_Type (1), Status (1). Not sent to the socket whose Pair Device
    /// failed: that one gets the status in the Command Complete (`mgmt_auth_failed` in mgmt.c).
    case authenticationFailed(peer: ManagementAddress, status: ManagementStatus)
    /// 0x0012.
    case deviceFound(DeviceFoundEvent)
    /// 0x0018: Store_Hint (1), Random_Address (6), then the 23-byte key. Random_Address is
    /// 00:00:00:00:00:00 when the peer paired under its identity address (mgmt-api.txt).
    case newIdentityResolvingKey(storeHint: Bool, randomAddress: BluetoothAddress, key: IdentityResolvingKey)
    /// 0x0013: Address_Type (1), Discovering (1).
    case discovering(addressTypes: DiscoveryAddressTypes, isDiscovering: Bool)
    /// 0x0023: Instance (1). Sent to other sockets than the one that added it.
    case advertisingAdded(instance: UInt8)
    /// 0x0024: Instance (1).
    case advertisingRemoved(instance: UInt8)
    case other(code: ManagementEventCode, parameters: [UInt8])

    package init(code: ManagementEventCode, parameters: [UInt8]) throws(ManagementDecodingError) {
        var reader = ManagementByteReader(parameters, what: "\(code)")
        switch code {
        case .commandComplete:
            reader = ManagementByteReader(parameters, what: "Command Complete event")
            let opcode = ManagementOpcode(rawValue: try reader.u16())
            let status = ManagementStatus(code: try reader.u8())
            self = .commandComplete(opcode: opcode, status: status, returnParameters: reader.rest())
        case .commandStatus:
            reader = ManagementByteReader(parameters, what: "Command Status event")
            let opcode = ManagementOpcode(rawValue: try reader.u16())
            self = .commandStatus(opcode: opcode, status: ManagementStatus(code: try reader.u8()))
        case .controllerError:
            self = .controllerError(code: try reader.u8())
        case .indexAdded:
            self = .indexAdded
        case .indexRemoved:
            self = .indexRemoved
        case .newSettings:
            self = .newSettings(ControllerSettings(rawValue: try reader.u32()))
        case .newLongTermKey:
            reader = ManagementByteReader(parameters, what: "New Long Term Key event")
            try reader.require(1 + LongTermKey.length)
            let hint = try reader.u8() != 0
            self = .newLongTermKey(storeHint: hint, key: try LongTermKey(reading: &reader))
        case .userConfirmationRequest:
            self = .userConfirmationRequest(try UserConfirmationRequest(parameters: parameters))
        case .authenticationFailed:
            reader = ManagementByteReader(parameters, what: "Authentication Failed event")
            try reader.require(ManagementAddress.length + 1)
            let peer = try ManagementAddress(reading: &reader)
            self = .authenticationFailed(peer: peer, status: ManagementStatus(code: try reader.u8()))
        case .deviceFound:
            self = .deviceFound(try DeviceFoundEvent(parameters: parameters))
        case .newIdentityResolvingKey:
            reader = ManagementByteReader(parameters, what: "New Identity Resolving Key event")
            try reader.require(1 + 6 + IdentityResolvingKey.length)
            let hint = try reader.u8() != 0
            let random = BluetoothAddress(littleEndianBytes: try reader.bytes(6))
            self = .newIdentityResolvingKey(storeHint: hint, randomAddress: random, key: try IdentityResolvingKey(reading: &reader))
        case .discovering:
            reader = ManagementByteReader(parameters, what: "Discovering event")
            let types = DiscoveryAddressTypes(rawValue: try reader.u8())
            self = .discovering(addressTypes: types, isDiscovering: try reader.u8() != 0)
        case .advertisingAdded:
            self = .advertisingAdded(instance: try reader.u8())
        case .advertisingRemoved:
            self = .advertisingRemoved(instance: try reader.u8())
        default:
            self = .other(code: code, parameters: parameters)
        }
    }

    /// The event's code.
    package var code: ManagementEventCode {
        switch self {
        case .commandComplete: return .commandComplete
        case .commandStatus: return .commandStatus
        case .controllerError: return .controllerError
        case .indexAdded: return .indexAdded
        case .indexRemoved: return .indexRemoved
        case .newSettings: return .newSettings
        case .newLongTermKey: return .newLongTermKey
        case .userConfirmationRequest: return .userConfirmationRequest
        case .authenticationFailed: return .authenticationFailed
        case .deviceFound: return .deviceFound
        case .newIdentityResolvingKey: return .newIdentityResolvingKey
        case .discovering: return .discovering
        case .advertisingAdded: return .advertisingAdded
        case .advertisingRemoved: return .advertisingRemoved
        case let .other(code, _): return code
        }
    }

    /// The parameter bytes (what a simulated kernel sends in tests).
    package var parameters: [UInt8] {
        var bytes: [UInt8] = []
        switch self {
        case let .commandComplete(opcode, status, returnParameters):
            bytes.appendLittleEndian(opcode.rawValue)
            bytes.append(status.code)
            bytes += returnParameters
        case let .commandStatus(opcode, status):
            bytes.appendLittleEndian(opcode.rawValue)
            bytes.append(status.code)
        case let .controllerError(code):
            bytes = [code]
        case .indexAdded, .indexRemoved:
            break
        case let .newSettings(settings):
            bytes.appendLittleEndian(settings.rawValue)
        case let .newLongTermKey(hint, key):
            bytes = [hint ? 1 : 0] + key.bytes
        case let .userConfirmationRequest(request):
            bytes = request.parameters
        case let .authenticationFailed(peer, status):
            bytes = peer.bytes + [status.code]
        case let .deviceFound(event):
            bytes = event.parameters
        case let .newIdentityResolvingKey(hint, random, key):
            bytes = [hint ? 1 : 0] + random.littleEndianBytes + key.bytes
        case let .discovering(types, isDiscovering):
            bytes = [types.rawValue, isDiscovering ? 1 : 0]
        case let .advertisingAdded(instance), let .advertisingRemoved(instance):
            bytes = [instance]
        case let .other(_, parameters):
            bytes = parameters
        }
        return bytes
    }
}
