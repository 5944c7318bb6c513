import BLE

/// Why no connector can be built for a configured device.
package enum DeviceConnectorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No address and no discovery rule: the table would match no device (docs/configuration.md).
    case matchesNothing(kind: DeviceKind)

    package var description: String {
        switch self {
        case let .matchesNothing(kind):
            return "[devices.\(kind.rawValue)] has no address and empty name_contains and service_uuids, so no "
                + "device can match; set address = \"AA:BB:CC:DD:EE:FF\" or a name_contains rule "
                + "(`wayfinder scan` lists what is nearby)"
        }
    }
}
