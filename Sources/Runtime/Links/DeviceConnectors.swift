import BLE
import BLESockets
import Config
import Logging
import Platform

/// Builds the connector for one configured device: the L2CAP ATT connector of `Sources/BLESockets/Link`,
/// told where the device is and how secure the link must be, as its `[devices.*]` table says.
///
/// Where the peer comes from:
/// - a fixed address with `address_type`: connect to it directly;
/// - a fixed address without a type: scan until that address advertises, to learn whether it is
///   public or random (connecting with the wrong type times out, net/bluetooth/l2cap_core.c);
/// - discovery rules: scan and choose by the rules (`ScanningResolver`, `DeviceSelector`).
///
/// With `security` medium or higher the link is encrypted with the device's bond, so the bonds
/// `wayfinder pair` stored are given to the kernel before the first connection (`BondedGATTConnector`).
package enum DeviceConnectors {
    /// - Parameters:
    ///   - adapter: the board's adapter (`[bluetooth] adapter`, e.g. "hci0").
    ///   - stateDirectory: where `bonds.json` lives (the configuration's `state_directory`); nil
    ///     leaves the kernel's keys as they are.
    /// - Throws: `BluetoothAdapterError` when the adapter does not exist; `DeviceConnectorError`
    ///   when the table can match no device.
    package static func connector(for selection: DeviceSelection, kind: DeviceKind, adapter: String,
                                 stateDirectory: String? = nil, logger: Logger) throws -> any GATTConnector {
        let rule = selection.discoveryRule
        guard !rule.matchesNothing else { throw DeviceConnectorError.matchesNothing(kind: kind) }
        let local = try BluetoothAdapter.named(adapter).address
        let resolve: L2CAPGATTConnector.Resolver
        if let address = rule.address, let type = selection.addressType {
            resolve = { (address, type) }
        } else {
            // A fixed address without its type is a rule of one; the scan tells the type.
            let resolver = ScanningResolver(rule: rule, adapter: adapter, logger: logger)
            resolve = {
                let found = try await resolver.resolve()
                return (found.address, found.addressType)
            }
        }
        let link = L2CAPGATTConnector(localAddress: local, security: selection.security, logger: logger, resolve: resolve)
        guard selection.security.rawValue >= BluetoothSecurityLevel.medium.rawValue else { return link }
        let loader = stateDirectory.map {
            BondLoader(store: BondStore(stateDirectory: $0), adapter: adapter, adapterAddress: local, logger: logger)
        }
        return BondedGATTConnector(link: link, kind: kind, security: selection.security, bonds: loader)
    }
}
