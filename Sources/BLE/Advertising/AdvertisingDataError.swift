/// What was wrong with advertising bytes, or why advertising data cannot be encoded.
package enum AdvertisingDataError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The structure at `offset` declares `declared` bytes (type and payload) but only `available`
    /// remain. Parsing stops there; the structures before it are kept.
    case truncated(offset: Int, declared: Int, available: Int)
    /// The structure at `offset` has a payload its type does not allow (a 5-byte 16-bit UUID list, an
    /// empty flags field…). It is kept as an unparsed structure and parsing goes on.
    case malformedStructure(type: AdvertisingDataType, offset: Int, payloadLength: Int)
    /// A structure's payload exceeds the 254 bytes a length byte can announce.
    case structureTooLong(type: AdvertisingDataType, payloadLength: Int)
    /// A UUID does not fit the width of the list it is in (a 128-bit UUID in a 16-bit list).
    case uuidDoesNotFitWidth(BLEUUID, width: ServiceUUIDList.Width)
    /// The encoded data needs `length` bytes; the packet holds `limit` (31 for legacy advertising).
    case tooLong(length: Int, limit: Int)

    package var description: String {
        switch self {
        case let .truncated(offset, declared, available):
            return "advertising structure at byte \(offset) declares \(declared) bytes but only \(available) remain"
        case let .malformedStructure(type, offset, length):
            return "advertising structure of type \(type) at byte \(offset) has an invalid \(length)-byte payload"
        case let .structureTooLong(type, length):
            return "advertising structure of type \(type) has a \(length)-byte payload; at most 254 fit"
        case let .uuidDoesNotFitWidth(uuid, width):
            return "UUID \(uuid) does not fit a \(width.rawValue * 8)-bit service UUID list"
        case let .tooLong(length, limit):
            return "advertising data needs \(length) bytes but the packet holds \(limit)"
        }
    }
}
