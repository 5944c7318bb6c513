import BLESockets
import Logging
import Pencil
import Platform

/// The pencil's radio on a Pi: LE discovery through the kernel's management interface (`BLEScanner`),
/// reduced to pen advertisements, and unencrypted L2CAP ATT links — the SDK never bonds
/// (FiftyThreeSDK-API-FAQ.md). The address type each pen advertised with is remembered, since
/// connecting with the wrong one times out (net/bluetooth/l2cap_core.c).
public actor KernelPenRadio: PenRadio {
    /// On the process's event loop: a message from another actor there is a queue append.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { EventLoop.shared.unownedExecutor }

    public nonisolated let advertisements: AsyncStream<PenAdvertisement>
    private let sink: AsyncStream<PenAdvertisement>.Continuation
    private let options: BLEScanOptions
    private let localAddress: BluetoothAddress?
    private let clock: SessionClock
    private let logger: Logger
    private var scan: Task<Void, Never>?
    private let types = AddressBook()

    public init(options: BLEScanOptions, localAddress: BluetoothAddress?, clock: SessionClock, logger: Logger) {
        self.options = options
        self.localAddress = localAddress
        self.clock = clock
        self.logger = logger
        (advertisements, sink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(64))
    }

    public func setScanning(_ on: Bool) async {
        guard on != (scan != nil) else { return }
        scan?.cancel()
        scan = nil
        guard on else { return }
        let (options, clock, logger, sink, types) = (self.options, self.clock, self.logger, self.sink, self.types)
        scan = Task(executorPreference: EventLoop.preferred) {
            do {
                for try await device in BLEScanner.updates(options: options, clock: clock, logger: logger) {
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

    public nonisolated func connector(for pen: String) -> any GATTConnector {
        let (types, local, logger) = (self.types, self.localAddress, self.logger)
        return L2CAPGATTConnector(localAddress: local, security: .low, logger: logger) {
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
