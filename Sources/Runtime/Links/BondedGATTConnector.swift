import BLE
import BLESockets
import Platform

/// A connector whose link is encrypted with a bond: it gives the kernel the stored keys before its
/// first connection, and says what to do when the link does not come up.
///
/// Why the hint: at security medium the kernel pairs anew when it has no key for the peer, and the
/// appliance never confirms a pairing it did not ask for, so such a connection fails after SMP's
/// 30 s or the connect timeout; the plain error would read as "the device did not answer".
struct BondedGATTConnector: GATTConnector {
    let link: L2CAPGATTConnector
    let kind: DeviceKind
    let security: BluetoothSecurityLevel
    let bonds: BondLoader?

    func connect() async throws -> any GATTClient {
        await bonds?.loadOnce()
        do {
            return try await link.connect()
        } catch let error as GATTError {
            let hint = "the link asks for security \(security), which needs a bond with this adapter: "
                + "run `wayfinder pair \(Self.commandName(kind))`, or set security = \"low\" in [devices.\(kind.rawValue)]"
            switch error {
            case let .notFound(what): throw GATTError.notFound("\(what); \(hint)")
            case let .timedOut(what): throw GATTError.timedOut("\(what); \(hint)")
            default: throw error
            }
        }
    }

    /// The `wayfinder pair` argument for a kind ("touch-case", as the command spells it).
    static func commandName(_ kind: DeviceKind) -> String {
        kind == .touchCase ? "touch-case" : kind.rawValue
    }
}
