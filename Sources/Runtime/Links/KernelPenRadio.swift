import BLE
import BLESockets
import Logging
import Pencil
import Platform

/// The pencil's radio on a Pi: LE discovery through the kernel's management interface (`BLEScanner`),
/// reduced to pen advertisements, and unencrypted L2CAP ATT links — the SDK never bonds
/// (FiftyThreeSDK-API-FAQ.md). The address type each pen advertised with is remembered, since
/// connecting with the wrong one times out (net/bluetooth/l2cap_core.c).
///
/// Which pens it hears is `[devices.pencil]`'s rule, as for the belt and the case: a fixed address
/// (an allowlist of one), or the name and service UUIDs (by default the SDK's names, "Pencil" and
/// "Charcoal by 53"). Among the pens that pass, the SDK's pairing picks one by the tip held on the
/// case, not by signal strength, so the rule's selection window does not apply.
package actor KernelPenRadio: PenRadio {
    /// Where it runs: the process's event loop unless its creator names another (a test's
    /// `TestEventLoop`); a message from another actor on the same loop is a queue append.
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    package nonisolated let advertisements: AsyncStream<PenAdvertisement>
    private let sink: AsyncStream<PenAdvertisement>.Continuation
    private let options: BLEScanOptions
    private let localAddress: BluetoothAddress?
    private let clock: SessionClock
    private let logger: Logger
    private var scan: Task<Void, Never>?
    private let types = AddressBook()
    private let rule: DiscoveryRule
    private let security: BluetoothSecurityLevel

    package init(options: BLEScanOptions, localAddress: BluetoothAddress?, clock: SessionClock, logger: Logger,
                rule: DiscoveryRule = .pencil, security: BluetoothSecurityLevel = .low,
                executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        self.rule = rule
        self.security = security
        self.options = options
        self.localAddress = localAddress
        self.clock = clock
        self.logger = logger
        (advertisements, sink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(64))
    }

    package func setScanning(_ on: Bool) async {
        guard on != (scan != nil) else { return }
        scan?.cancel()
        scan = nil
        guard on else { return }
        let (options, clock, logger, sink, types, rule) = (self.options, self.clock, self.logger, self.sink, self.types, self.rule)
        scan = Task(executorPreference: executor) {
            do {
                for try await device in BLEScanner.updates(options: options, clock: clock, logger: logger) {
                    guard Self.heard(device, by: rule) else { continue }
                    var data = device.latestAdvertisingData
                    if data.localName == nil { data.localName = device.name }
                    let address = device.address.description
                    guard let ad = PenAdvertisement(peripheral: address, data: data) else { continue }
                    await types.set(address, device.addressType)
                    sink.yield(ad)
                }
            } catch {
                logger.warning("pencil scan ended: \(error)")
            }
        }
    }

    /// Whether a device passes the configured rule, as every `[devices.*]` table reads: a table that
    /// names no address, name or UUID matches nothing (docs/configuration.md). A device that passes
    /// is a pen only if it also advertises the pen service (`PenAdvertisement`).
    static func heard(_ device: DiscoveredDevice, by rule: DiscoveryRule) -> Bool {
        rule.matches(device)
    }

    package nonisolated func connector(for pen: String) -> any GATTConnector {
        let (types, local, logger, security) = (self.types, self.localAddress, self.logger, self.security)
        return L2CAPGATTConnector(localAddress: local, security: security, logger: logger) {
            guard let address = BluetoothAddress(string: pen), let type = await types.type(of: pen) else {
                throw GATTError.notFound("pen \(pen) (not seen advertising)")
            }
            return (address, type)
        }
    }

    /// Address → address type, as last advertised.
    private actor AddressBook {
        private var types: [String: BluetoothAddressType] = [:]
        func set(_ address: String, _ type: BluetoothAddressType) { types[address] = type }
        func type(of address: String) -> BluetoothAddressType? { types[address] }
    }
}
