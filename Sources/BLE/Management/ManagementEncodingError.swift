/// Why a mgmt command cannot be encoded as asked.
package enum ManagementEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A name longer than its field allows (the field also holds the terminating NUL).
    case nameTooLong(field: String, bytes: Int, limit: Int)
    /// Advertising or scan response data longer than the 255 bytes its length byte can announce.
    case advertisingDataTooLong(field: String, bytes: Int)
    /// Instance 0 is reserved and 255 is for future use (mgmt-api.txt, "Read Advertising Features").
    case invalidAdvertisingInstance(UInt8)
    /// More keys than one Load command's 16-bit Parameter Length can carry.
    case tooManyKeys(what: String, count: Int)

    package var description: String {
        switch self {
        case let .nameTooLong(field, bytes, limit):
            return "\(field) is \(bytes) bytes of UTF-8; at most \(limit) fit"
        case let .advertisingDataTooLong(field, bytes):
            return "\(field) is \(bytes) bytes; at most 255 can be sent"
        case let .invalidAdvertisingInstance(instance):
            return "advertising instance \(instance) is reserved; use 1–254"
        case let .tooManyKeys(what, count):
            return "\(count) \(what) do not fit in one mgmt command"
        }
    }
}
