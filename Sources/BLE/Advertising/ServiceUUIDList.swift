/// One service-UUID AD structure: its UUIDs, their width on the wire, and whether the list is complete.
///
/// Why the width is kept: a UUID on the Bluetooth base can travel as 16, 32 or 128 bits, and an
/// encoder must emit the form the list had (types 0x02–0x07, Core Specification Supplement Part A
/// §1.1) for a parse → encode round trip to give the same bytes.
package struct ServiceUUIDList: Sendable, Hashable {
    package enum Width: Int, Sendable, Hashable {
        case bits16 = 2
        case bits32 = 4
        case bits128 = 16
    }

    package var width: Width
    /// Complete (0x03/0x05/0x07): the device has no other services of this width; else incomplete.
    package var isComplete: Bool
    package var uuids: [BLEUUID]

    package init(width: Width, isComplete: Bool, uuids: [BLEUUID]) {
        self.width = width
        self.isComplete = isComplete
        self.uuids = uuids
    }

    /// The AD type of this list.
    package var type: AdvertisingDataType {
        switch (width, isComplete) {
        case (.bits16, false): return .incompleteServiceUUIDs16
        case (.bits16, true): return .completeServiceUUIDs16
        case (.bits32, false): return .incompleteServiceUUIDs32
        case (.bits32, true): return .completeServiceUUIDs32
        case (.bits128, false): return .incompleteServiceUUIDs128
        case (.bits128, true): return .completeServiceUUIDs128
        }
    }

    /// Each UUID little-endian in `width` bytes; nil when one does not fit that width.
    var payload: [UInt8]? {
        var bytes: [UInt8] = []
        for uuid in uuids {
            switch width {
            case .bits16:
                guard let short = uuid.uuid16 else { return nil }
                bytes += [UInt8(short & 0xFF), UInt8(short >> 8)]
            case .bits32:
                guard let value = uuid.uuid32 else { return nil }
                bytes += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
            case .bits128:
                bytes += uuid.wire128
            }
        }
        return bytes
    }
}
