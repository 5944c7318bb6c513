/// One 5-byte touch record of a Fuffr notification (FuffrLib, `Touch/FFRRawTrackingData.h`):
/// byte 0 bits 0–4 the touch id (0 = empty slot), bit 5 the down flag, bits 6–7 unused;
/// bytes 1–2 raw X and bytes 3–4 raw Y, unsigned 16-bit little-endian.
package struct TouchRecord: Sendable, Hashable, CustomStringConvertible {
    package static let size = 5

    /// 1…31 on the wire; 0 marks an empty slot.
    package var id: UInt8
    /// True while the finger is on the side; a record with it clear is the release (`FFRCaseHandler.m`).
    package var isDown: Bool
    package var rawX: UInt16
    package var rawY: UInt16

    /// `id` is cut to its 5 bits, as the wire carries no more.
    package init(id: UInt8, isDown: Bool, rawX: UInt16, rawY: UInt16) {
        self.id = id & 0x1F
        self.isDown = isDown
        self.rawX = rawX
        self.rawY = rawY
    }

    /// Decodes exactly 5 bytes; nil for any other count. Bits 6–7 of byte 0 are ignored, as FuffrLib does.
    package init?(bytes: some Collection<UInt8>) {
        let b = Array(bytes)
        guard b.count == Self.size else { return nil }
        self.init(id: b[0] & 0x1F, isDown: b[0] & 0x20 != 0,
                  rawX: UInt16(b[1]) | UInt16(b[2]) << 8,
                  rawY: UInt16(b[3]) | UInt16(b[4]) << 8)
    }

    /// Decodes the 5 bytes at `offset`; the caller has checked that they exist.
    init(_ notification: [UInt8], at offset: Int) {
        let b0 = notification[offset]
        self.init(id: b0 & 0x1F, isDown: b0 & 0x20 != 0,
                  rawX: UInt16(notification[offset + 1]) | UInt16(notification[offset + 2]) << 8,
                  rawY: UInt16(notification[offset + 3]) | UInt16(notification[offset + 4]) << 8)
    }

    package var bytes: [UInt8] {
        [id | (isDown ? 0x20 : 0), UInt8(rawX & 0xFF), UInt8(rawX >> 8), UInt8(rawY & 0xFF), UInt8(rawY >> 8)]
    }

    /// Splits a notification into records: nil unless its length is a non-zero multiple of 5, in
    /// which case FuffrLib drops the whole notification (`FFRCaseHandler.m`) and so do we.
    package static func records(in notification: [UInt8]) -> [TouchRecord]? {
        guard !notification.isEmpty, notification.count % size == 0 else { return nil }
        return stride(from: 0, to: notification.count, by: size).map { TouchRecord(notification, at: $0) }
    }

    package var description: String { "id \(id) \(isDown ? "down" : "up") (\(rawX), \(rawY))" }
}
