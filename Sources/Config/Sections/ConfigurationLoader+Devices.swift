import BLE
import TOMLKit

/// The reader of `[devices.belt]`, `[devices.touch_case]` and `[devices.pencil]`: which device to connect to.
extension ConfigurationLoader {
    func readDevice(_ t: TableReader?, defaults: DeviceSelection) -> DeviceSelection {
        guard let t else { return defaults }
        var d = defaults
        d.enabled = t.bool("enabled") ?? defaults.enabled
        if let address = t.string("address") {
            if Self.isBluetoothAddress(address) { d.address = address.uppercased() } else {
                t.report("address", "\"\(address)\" is not a Bluetooth address; expected six hex pairs like \"C4:7F:51:0A:1B:2C\"")
            }
        }
        d.nameContains = t.strings("name_contains") ?? defaults.nameContains
        if let uuids = t.strings("service_uuids") {
            for (i, u) in uuids.enumerated() where !Self.isUUID(u) {
                t.report("service_uuids", "entry \(i) \"\(u)\" is not a UUID; expected 4 or 8 hex digits (\"FE51\") or the 8-4-4-4-12 form")
            }
            d.serviceUUIDs = uuids
        }
        if let w = t.double("selection_window_s", in: 0.1...60, unit: " s") { d.selectionWindow = .seconds(w) }
        if let type = t.choice("address_type", Self.addressTypes.map(\.description)) {
            if t.has("address") {
                d.addressType = Self.addressTypes.first { $0.description == type }
            } else {
                t.report("address_type", "only applies with a fixed address = \"…\"; without one the type is learned from the device's advertising")
            }
        }
        if let level = t.choice("security", Self.securityLevels.map(\.description)) {
            d.security = BluetoothSecurityLevel(name: level) ?? .low
        }
        // `run` refuses such a table (exit 78, the same `matchesNothing`), so the check must too.
        if d.enabled, d.discoveryRule.matchesNothing {
            t.report(t.has("name_contains") ? "name_contains" : "service_uuids",
                     "no address and empty name_contains and service_uuids: no device can match; set address = \"AA:BB:CC:DD:EE:FF\" "
                        + "or a name_contains rule (`wayfinder scan` lists what is nearby)")
        }
        t.rejectUnknownKeys()
        return d
    }

    /// `compass_accuracy_signal = "auto" | true | false` in `[devices.belt]`, read before the device
    /// keys so that their check of unknown keys knows it.
    func readCompassAccuracySignal(_ t: TableReader?) -> CompassAccuracySignalSetting {
        guard let t, let value = t.value("compass_accuracy_signal") else { return .auto }
        if value.type == .bool, let on = value.bool { return on ? .on : .off }
        if value.string == "auto" { return .auto }
        t.report("compass_accuracy_signal",
                 "expected \"auto\", true or false, found \(value.string.map { "\"\($0)\"" } ?? TableReader.describe(value)); "
                    + "\"auto\" switches the belt's compass-inaccurate signal off with heading_source = \"external\" and on otherwise")
        return .auto
    }

    /// What `address_type` may say: an LE device's address is public or random.
    static let addressTypes: [BluetoothAddressType] = [.lePublic, .leRandom]
    /// What `security` may say. `wayfinder pair` (Just Works) makes bonds good for "medium"; "high"
    /// needs an authenticated bond (a passkey pairing, e.g. through bluetoothctl). "fips" is left out.
    static let securityLevels: [BluetoothSecurityLevel] = [.low, .medium, .high]
}
