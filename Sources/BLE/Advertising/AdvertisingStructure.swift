/// One length-type-payload structure of advertising data, kept as bytes.
///
/// The wire form is `length (1 octet) · type (1 octet) · payload (length - 1 octets)` (Core Spec
/// Vol 3 Part C §11, "Advertising and Scan Response Data Format"). Types the parser does not
/// interpret are kept this way, so they are re-encoded unchanged.
package struct AdvertisingStructure: Sendable, Hashable {
    package var type: AdvertisingDataType
    package var payload: [UInt8]

    package init(type: AdvertisingDataType, payload: [UInt8]) {
        self.type = type
        self.payload = payload
    }

    /// `length · type · payload`; the length byte counts the type byte too.
    package var encoded: [UInt8] { [UInt8(truncatingIfNeeded: payload.count + 1), type.rawValue] + payload }
}
