import Vocabulary

/// Which discovered devices may be chosen for one device kind: a fixed address, or name and service rules.
///
/// The matching half of a `[devices.*]` table (docs/configuration.md); `Config.DeviceSelection` is
/// the parsed table and converts to this. The rules:
/// - With `address`, that address is an allowlist of one: no other device ever matches, whatever it
///   advertises (its address type is not compared, the kernel reports the same device one way).
/// - Otherwise a device matches when its name contains one of `nameContains` (case-insensitive; a
///   device whose name has not arrived yet does not match) **and** it advertises one of
///   `serviceUUIDs`. An empty list does not constrain. A rule with no address and both lists empty
///   matches nothing: "any device" is never a safe thing to connect to.
package struct DiscoveryRule: Sendable, Hashable {
    package var address: BluetoothAddress?
    package var nameContains: [String]
    package var serviceUUIDs: [BLEUUID]
    /// How long after the first match the strongest candidate is still looked for.
    package var selectionWindow: Duration

    package init(address: BluetoothAddress? = nil, nameContains: [String] = [], serviceUUIDs: [BLEUUID] = [],
                selectionWindow: Duration = .seconds(1)) {
        self.address = address
        self.nameContains = nameContains
        self.serviceUUIDs = serviceUUIDs
        self.selectionWindow = selectionWindow
    }

    package var matchesNothing: Bool { address == nil && nameContains.isEmpty && serviceUUIDs.isEmpty }

    package func matches(_ device: DiscoveredDevice) -> Bool {
        if let address { return device.address == address }
        guard !matchesNothing else { return false }
        if !nameContains.isEmpty {
            guard let name = device.name?.lowercased(),
                  nameContains.contains(where: { name.contains($0.lowercased()) }) else { return false }
        }
        if !serviceUUIDs.isEmpty {
            guard device.serviceUUIDs.contains(where: serviceUUIDs.contains) else { return false }
        }
        return true
    }

    /// feelSpace naviBelt: name `naviGuertel…`, and service FE51 (newer belts) or the legacy 128-bit
    /// UUID, as FSLib-iOS filters (FSConnectionManager.swift). Both, because the legacy UUID also
    /// appears in unrelated products (Shimmer3R sensors). 2 s window.
    package static let belt = DiscoveryRule(
        nameContains: ["naviGuertel"],
        serviceUUIDs: [BLEUUID(0xFE51), BLEUUID(high: 0x6533_3333_A115_11E2, low: 0x9E9A_0800_200C_A100)],
        selectionWindow: .seconds(2))

    /// Fuffr: name contains "Fuffr" or "Neonode", strongest RSSI within 1 s (FuffrLib's FFRTouchManager.m).
    package static let touchCase = DiscoveryRule(nameContains: ["Fuffr", "Neonode"], selectionWindow: .seconds(1))

    /// FiftyThree Pencil: GAP name "Pencil", or the older "Charcoal by 53" (the SDK's FTPenManager.mm).
    package static let pencil = DiscoveryRule(nameContains: ["Pencil", "Charcoal by 53"], selectionWindow: .seconds(1))
}
