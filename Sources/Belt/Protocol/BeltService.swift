import Vocabulary

/// The belt's three GATT services (FSLib-iOS `FSCommandManager.swift`).
package enum BeltService: Sendable, Hashable, CaseIterable {
    /// 0xFE51: commands, parameters, buttons, keep-alive, battery. Newer belts also advertise it (FSLib-iOS
    /// `FSConnectionManager.swift`).
    case control
    /// 0xFE52: orientation (FE0C) and the development-only sensor stream.
    case sensor
    /// 0xFE53: debug input/output. iOS subscribes to FE14 before its handshake (`FSCommandManager.swift`).
    case debug

    /// The legacy 128-bit UUID belts advertise instead of (or besides) 0xFE51. It also appears in
    /// unrelated products, so a scanner should check the `naviGuertel` name prefix as well.
    package static let legacyAdvertisedUUID = BLEUUID(high: 0x6533_3333_A115_11E2, low: 0x9E9A_0800_200C_A100)

    package var uuid16: UInt16 {
        switch self {
        case .control: 0xFE51
        case .sensor: 0xFE52
        case .debug: 0xFE53
        }
    }

    /// On the Bluetooth base UUID (Core Spec Vol 3 Part B §2.5.1).
    package var uuid: BLEUUID { BLEUUID(uuid16) }
    /// The full 128-bit UUID, uppercase.
    package var uuidString: String { uuid.uuidString }
}
