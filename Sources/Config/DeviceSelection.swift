import BLE

/// How one BLE peripheral is chosen, as the `[devices.*]` table says: a fixed address, or discovery
/// rules. The matching itself is `BLE.DiscoveryRule`; this is the parsed configuration and its
/// defaults come from there, so `wayfinder scan` and the device actors judge devices alike.
package struct DeviceSelection: Sendable, Hashable {
    package var enabled: Bool
    /// Connect only to this address (an allowlist of one); discovery rules are then ignored.
    package var address: String?
    /// The advertised name must contain one of these (case-insensitive). Empty: any name.
    package var nameContains: [String]
    /// The device must advertise one of these service UUIDs. Empty: any.
    package var serviceUUIDs: [String]
    /// Among matching devices, take the strongest RSSI seen within this window of the first match.
    package var selectionWindow: Duration
    /// Whether `address` is public or random. Connecting with the wrong type times out; nil: learned
    /// from the device's advertising before each connection.
    package var addressType: BluetoothAddressType?
    /// The link security to ask for: `.low` is unencrypted; `.medium` or higher encrypts with the
    /// bond `wayfinder pair` made (and would start a new pairing without one, which the appliance
    /// does not confirm, so it fails rather than bonding behind the wearer's back).
    package var security: BluetoothSecurityLevel

    package init(enabled: Bool, address: String? = nil, nameContains: [String] = [], serviceUUIDs: [String] = [],
                selectionWindow: Duration = .seconds(1), addressType: BluetoothAddressType? = nil,
                security: BluetoothSecurityLevel = .low) {
        self.enabled = enabled
        self.address = address
        self.nameContains = nameContains
        self.serviceUUIDs = serviceUUIDs
        self.selectionWindow = selectionWindow
        self.addressType = addressType
        self.security = security
    }

    init(enabled: Bool, rule: DiscoveryRule) {
        self.init(enabled: enabled, address: rule.address?.description, nameContains: rule.nameContains,
                  serviceUUIDs: rule.serviceUUIDs.map(\.description), selectionWindow: rule.selectionWindow)
    }

    /// The rule the device actors select by. The loader has validated the address and UUIDs; any
    /// that still do not parse are left out (an unparsable address then matches nothing).
    package var discoveryRule: DiscoveryRule {
        var rule = DiscoveryRule(nameContains: nameContains, serviceUUIDs: serviceUUIDs.compactMap(BLEUUID.init(string:)),
                                 selectionWindow: selectionWindow)
        if let address {
            rule.address = BluetoothAddress(string: address)
            if rule.address == nil { rule.nameContains = []; rule.serviceUUIDs = [] }
        }
        return rule
    }

    /// feelSpace naviBelt: name prefix `naviGuertel`, service FE51 (newer) or 65333333-…-CA100 (legacy)
    /// (feelSpace's FSLib-iOS `FSConnectionManager.swift`, pybelt `belt_scanner.py`).
    package static let beltDefaults = DeviceSelection(enabled: true, rule: .belt)

    /// Fuffr: name contains "Fuffr" or "Neonode", strongest RSSI within 1 s (FuffrLib `Touch/FFRTouchManager.m`).
    package static let touchCaseDefaults = DeviceSelection(enabled: true, rule: .touchCase)

    /// FiftyThree Pencil: GAP name "Pencil" (or the older "Charcoal by 53") (FiftyThree SDK `FTPenManager.mm`).
    package static let pencilDefaults = DeviceSelection(enabled: false, rule: .pencil)
}
