/// How one BLE peripheral is chosen: a fixed address, or discovery rules.
public struct DeviceSelection: Sendable, Hashable {
    public var enabled: Bool
    /// Connect only to this address (an allowlist of one); discovery rules are then ignored.
    public var address: String?
    /// The advertised name must contain one of these (case-insensitive). Empty: any name.
    public var nameContains: [String]
    /// The device must advertise one of these service UUIDs. Empty: any.
    public var serviceUUIDs: [String]
    /// Among matching devices, take the strongest RSSI seen within this window of the first match.
    public var selectionWindow: Duration

    public init(enabled: Bool, address: String? = nil, nameContains: [String] = [], serviceUUIDs: [String] = [],
                selectionWindow: Duration = .seconds(1)) {
        self.enabled = enabled
        self.address = address
        self.nameContains = nameContains
        self.serviceUUIDs = serviceUUIDs
        self.selectionWindow = selectionWindow
    }

    /// feelSpace naviBelt: name prefix `naviGuertel`, service FE51 (newer) or 65333333-…-CA100 (legacy)
    /// (belt-protocol.md §1).
    public static let beltDefaults = DeviceSelection(
        enabled: true, nameContains: ["naviGuertel"],
        serviceUUIDs: ["FE51", "65333333-A115-11E2-9E9A-0800200CA100"], selectionWindow: .seconds(2))

    /// Fuffr: name contains "Fuffr" or "Neonode", strongest RSSI within 1 s (fuffr-protocol.md §2.1).
    public static let touchCaseDefaults = DeviceSelection(
        enabled: true, nameContains: ["Fuffr", "Neonode"], selectionWindow: .seconds(1))

    /// FiftyThree Pencil: GAP name "Pencil" (or the older "Charcoal by 53") (pencil-protocol.md §1).
    public static let pencilDefaults = DeviceSelection(
        enabled: false, nameContains: ["Pencil", "Charcoal by 53"], selectionWindow: .seconds(1))
}
