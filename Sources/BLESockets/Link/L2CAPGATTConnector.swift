#if canImport(Glibc)
import Glibc
#endif
import BLE
import Logging
import Platform

/// Connects to a peripheral through the kernel: an L2CAP socket on the ATT channel, our GATT client
/// on top, the MTU agreed. Which peripheral is decided by `resolve` (a fixed address, or a scan with
/// discovery rules); the kernel then runs LE Create Connection itself, legacy or extended as the
/// controller needs (hci_le_create_conn_sync in net/bluetooth/hci_sync.c).
package struct L2CAPGATTConnector: GATTConnector {
    /// Where to connect: the peer's address and address type (public or random, as advertised).
    package typealias Resolver = @Sendable () async throws -> (BluetoothAddress, BluetoothAddressType)

    let localAddress: BluetoothAddress?
    let security: BluetoothSecurityLevel
    let linkTimeout: Duration
    let resolve: Resolver
    let logger: Logger

    /// - Parameters:
    ///   - localAddress: the adapter to use (nil: the kernel picks one).
    ///   - linkTimeout: how long the LE connection may take once the peer is known.
    package init(localAddress: BluetoothAddress?, security: BluetoothSecurityLevel = .low,
                linkTimeout: Duration = .seconds(10), logger: Logger, resolve: @escaping Resolver) {
        self.localAddress = localAddress
        self.security = security
        self.linkTimeout = linkTimeout
        self.resolve = resolve
        self.logger = logger
    }

    /// A connector for one fixed peer (an allowlist of one).
    package static func fixed(_ peer: BluetoothAddress, type: BluetoothAddressType, localAddress: BluetoothAddress?,
                             security: BluetoothSecurityLevel = .low, logger: Logger) -> L2CAPGATTConnector {
        L2CAPGATTConnector(localAddress: localAddress, security: security, logger: logger) { (peer, type) }
    }

    package func connect() async throws -> any GATTClient {
        let (peer, type) = try await resolve()
        logger.info("connecting to \(peer) (\(type)) over L2CAP ATT, security \(security)")
        let socket: PacketSocket
        do {
            socket = try await L2CAPSocket.connect(local: localAddress, peer: peer, type: type, security: security,
                                                   timeout: linkTimeout)
        } catch let error as SocketError {
            throw error.isLinkLoss || error.code == ETIMEDOUT
                ? GATTError.notFound("\(peer) did not answer (\(error))")
                : GATTError.unavailable("\(error)")
        }
        let client = SocketGATTClient(socket: socket, clock: .continuous(), logger: logger)
        do {
            let mtu = try await client.exchangeMTU()
            logger.debug("ATT MTU \(mtu) with \(peer)")
        } catch {
            // An attempt abandoned (cancelled) or failed here already has a link: close it, or the
            // socket keeps the LE connection up and the peer stops advertising.
            await client.disconnect()
            throw error
        }
        return client
    }
}

