/// An ATT Error Response's code (Core Spec 5.3 Vol 3 Part F §3.4.1.1, Table 3.4). Codes
/// 0x80–0x9F are the application's, 0xE0–0xFF common profile errors; both are kept as raw values.
package struct ATTErrorCode: RawRepresentable, Error, Sendable, Hashable, CustomStringConvertible {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let invalidHandle = Self(rawValue: 0x01)
    package static let readNotPermitted = Self(rawValue: 0x02)
    package static let writeNotPermitted = Self(rawValue: 0x03)
    package static let invalidPDU = Self(rawValue: 0x04)
    package static let insufficientAuthentication = Self(rawValue: 0x05)
    package static let requestNotSupported = Self(rawValue: 0x06)
    package static let invalidOffset = Self(rawValue: 0x07)
    package static let insufficientAuthorization = Self(rawValue: 0x08)
    package static let prepareQueueFull = Self(rawValue: 0x09)
    package static let attributeNotFound = Self(rawValue: 0x0A)
    package static let attributeNotLong = Self(rawValue: 0x0B)
    package static let insufficientEncryptionKeySize = Self(rawValue: 0x0C)
    package static let invalidAttributeValueLength = Self(rawValue: 0x0D)
    package static let unlikelyError = Self(rawValue: 0x0E)
    package static let insufficientEncryption = Self(rawValue: 0x0F)
    package static let unsupportedGroupType = Self(rawValue: 0x10)
    package static let insufficientResources = Self(rawValue: 0x11)
    package static let databaseOutOfSync = Self(rawValue: 0x12)
    package static let valueNotAllowed = Self(rawValue: 0x13)
    /// CCCD improperly configured (Core Spec Supplement Part B §1.2).
    package static let cccdImproperlyConfigured = Self(rawValue: 0xFD)

    /// Errors that go away once the link is encrypted or paired: the user is told to pair.
    package var needsSecurity: Bool {
        [.insufficientAuthentication, .insufficientEncryption, .insufficientEncryptionKeySize,
         .insufficientAuthorization].contains(self)
    }

    package var description: String {
        let name: String = switch self {
        case .invalidHandle: "invalid handle"
        case .readNotPermitted: "read not permitted"
        case .writeNotPermitted: "write not permitted"
        case .invalidPDU: "invalid PDU"
        case .insufficientAuthentication: "insufficient authentication (pair the device)"
        case .requestNotSupported: "request not supported"
        case .invalidOffset: "invalid offset"
        case .insufficientAuthorization: "insufficient authorization"
        case .prepareQueueFull: "prepare queue full"
        case .attributeNotFound: "attribute not found"
        case .attributeNotLong: "attribute not long"
        case .insufficientEncryptionKeySize: "insufficient encryption key size"
        case .invalidAttributeValueLength: "invalid attribute value length"
        case .unlikelyError: "unlikely error"
        case .insufficientEncryption: "insufficient encryption (pair the device)"
        case .unsupportedGroupType: "unsupported group type"
        case .insufficientResources: "insufficient resources"
        case .databaseOutOfSync: "database out of sync"
        case .valueNotAllowed: "value not allowed"
        case .cccdImproperlyConfigured: "CCCD improperly configured"
        default:
            switch rawValue {
            case 0x80...0x9F: "application error"
            case 0xE0...0xFF: "common profile error"
            default: "reserved error"
            }
        }
        return "\(name) (0x\(rawValue.hexDigits))"
    }
}
