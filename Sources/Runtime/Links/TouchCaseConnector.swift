import BLE
import BLESockets
import Config
import Logging
import Platform
import TouchCase

/// The touch case's connector on a Pi: like `DeviceConnectors`, but with FuffrLib's stickiness
/// (FFRTouchManager.m, FFRBLEManager.m). The first connection scans with the `[devices.touch_case]`
/// rules (strongest "Fuffr"/"Neonode" within 1 s); every later one looks for that same case only, so
/// a second case switched on nearby is never picked up after a lost link. A fixed address is
/// `DeviceConnectors`' business as it stands.
package enum TouchCaseConnector {
    /// - Throws: `BluetoothAdapterError` when the adapter does not exist; `DeviceConnectorError`
    ///   when the table can match no device.
    package static func connector(for selection: DeviceSelection, adapter: String, stateDirectory: String? = nil,
                                 logger: Logger) throws -> any GATTConnector {
        let rule = selection.discoveryRule
        guard rule.address == nil else {
            return try DeviceConnectors.connector(for: selection, kind: .touchCase, adapter: adapter,
                                                  stateDirectory: stateDirectory, logger: logger)
        }
        guard !rule.matchesNothing else { throw DeviceConnectorError.matchesNothing(kind: .touchCase) }
        let local = try BluetoothAdapter.named(adapter).address
        let peer = StickyPeer(rule: rule)
        let link = L2CAPGATTConnector(localAddress: local, security: selection.security, logger: logger) {
            let found = try await ScanningResolver(rule: peer.rule, adapter: adapter, logger: logger).resolve()
            peer.chose(found)
            return (found.address, found.addressType)
        }
        guard selection.security.rawValue >= BluetoothSecurityLevel.medium.rawValue else { return link }
        let loader = stateDirectory.map {
            BondLoader(store: BondStore(stateDirectory: $0), adapter: adapter, adapterAddress: local, logger: logger)
        }
        return BondedGATTConnector(link: link, kind: .touchCase, security: selection.security, bonds: loader)
    }
}
