import Vocabulary

/// The belt characteristics the libraries use (pybelt `_gatt_profile.py`); the raw value is the short
/// lowercase name the command line prints (`fe03`).
///
/// FE08 and FE0D–FE12 are used by no library and are not modelled.
package enum BeltCharacteristic: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// Firmware version/variant, read.
    case fe01
    /// Keep-alive: the belt notifies, the central answers.
    case fe02
    /// Vibration commands.
    case fe03
    /// Button presses, notify.
    case fe04
    /// Parameter requests and writes.
    case fe05
    /// Parameter values, notify; they double as acknowledgements.
    case fe06
    /// Buzzer.
    case fe07
    /// Battery status, read and notify.
    case fe09
    /// Sensor command, development only.
    case fe0a
    /// Raw sensor stream, development only.
    case fe0b
    /// Orientation, notify.
    case fe0c
    /// Debug input.
    case fe13
    /// Debug output, notify.
    case fe14

    package var uuid16: UInt16 {
        switch self {
        case .fe01: 0xFE01
        case .fe02: 0xFE02
        case .fe03: 0xFE03
        case .fe04: 0xFE04
        case .fe05: 0xFE05
        case .fe06: 0xFE06
        case .fe07: 0xFE07
        case .fe09: 0xFE09
        case .fe0a: 0xFE0A
        case .fe0b: 0xFE0B
        case .fe0c: 0xFE0C
        case .fe13: 0xFE13
        case .fe14: 0xFE14
        }
    }

    package var service: BeltService {
        switch self {
        case .fe01, .fe02, .fe03, .fe04, .fe05, .fe06, .fe07, .fe09: .control
        case .fe0a, .fe0b, .fe0c: .sensor
        case .fe13, .fe14: .debug
        }
    }

    /// On the Bluetooth base UUID (Core Spec Vol 3 Part B §2.5.1).
    package var uuid: BLEUUID { BLEUUID(uuid16) }
    /// The full 128-bit UUID, uppercase.
    package var uuidString: String { uuid.uuidString }

    /// The minimum properties a belt must offer for the libraries to work (inferred from their operations).
    package var isReadable: Bool { self == .fe01 || self == .fe09 }
    package var isWritable: Bool { [.fe02, .fe03, .fe05, .fe07, .fe0a, .fe13].contains(self) }
    package var notifies: Bool { [.fe02, .fe04, .fe06, .fe09, .fe0b, .fe0c, .fe14].contains(self) }

    package init?(uuid16: UInt16) {
        guard let c = Self.allCases.first(where: { $0.uuid16 == uuid16 }) else { return nil }
        self = c
    }

    package init?(uuid: BLEUUID) {
        guard let short = uuid.uuid16 else { return nil }
        self.init(uuid16: short)
    }

    /// `fe03`, `FE03`, `0xFE03` or the full 128-bit UUID.
    package init?(uuidString: String) {
        guard let uuid = BLEUUID(string: uuidString) else { return nil }
        self.init(uuid: uuid)
    }

    package var description: String { rawValue }
}
