import BLESockets
import Logging
import Pencil
import Platform

/// A simulated Pencil serving one central at a time over any ATT bearer, advertising as the pen does
/// while no central holds it (the last written central ID, big-endian), and driven by a script.
public actor PencilPeripheralHost {
    public private(set) var peripheral: PencilPeripheral
    /// The address the pen advertises with (its `PenAdvertisement.peripheral`).
    public nonisolated let address: String
    private let clock: SessionClock
    private let logger: Logger
    private var server: GATTServerConnection?
    private var link = 0

    public init(address: String = "F5:3C:00:00:00:01", peripheral: PencilPeripheral = PencilPeripheral(),
                clock: SessionClock, logger: Logger) {
        self.address = address
        self.peripheral = peripheral
        self.clock = clock
        self.logger = logger
    }

    /// The advertisement a scanner would report now; nil while connected or powered off.
    public var advertisement: PenAdvertisement? {
        guard peripheral.isAdvertising else { return nil }
        var data = peripheral.advertising
        data.localName = PencilPeripheral.name
        return PenAdvertisement(peripheral: address, data: data)
    }

    /// Serves one central until the link ends.
    public func serve(_ socket: PacketSocket) async {
        if let previous = server {
            server = nil
            await previous.close()
        }
        link += 1
        let current = link
        let connection = GATTServerConnection(socket: socket, database: PencilPeripheral.gattDatabase, logger: logger)
        server = connection
        peripheral.connect(at: clock.elapsed)
        let ticker = Task { [clock] in
            while !Task.isCancelled {
                try? await clock.sleep(for: .milliseconds(100))
                await self.advance(link: current)
            }
        }
        await connection.run(delegate: Delegate(host: self, link: current))
        ticker.cancel()
    }

    /// The pen in the hand.
    public func press(_ pen: PenSwitch, down: Bool) async {
        await perform(peripheral.press(pen, down: down))
    }

    /// The pen leaves range: the link drops from the pen's side.
    public func dropLink() async {
        guard let server else { return }
        self.server = nil
        peripheral.disconnect()
        await server.close()
    }

    public func setBattery(_ percent: UInt8) { peripheral.batteryPercent = percent }

    /// Makes the simulated pen a v55 one (1-byte advertisement, firmware 55 running).
    public func configure(_ change: @Sendable (inout PencilPeripheral) -> Void) { change(&peripheral) }

    /// Plays a script from now; returns when its last step ran.
    public func play(_ script: PencilScript) async {
        let start = clock.elapsed
        for step in script.steps {
            try? await clock.sleep(until: SessionInstant(offset: start + step.at))
            switch step.action {
            case .press(let pen): await press(pen, down: true)
            case .release(let pen): await press(pen, down: false)
            case .dropLink: await dropLink()
            case .battery(let percent): setBattery(percent)
            }
        }
    }

    // MARK: Server events

    private func advance(link: Int) async {
        guard link == self.link, server != nil else { return }
        await perform(peripheral.advance(to: clock.elapsed))
    }

    fileprivate func read(_ uuid: BLEUUID, link: Int) -> [UInt8]? {
        guard link == self.link, let c = PenCharacteristic(uuid: uuid) else { return nil }
        return peripheral.read(c)
    }

    fileprivate func written(_ uuid: BLEUUID, _ value: [UInt8], link: Int) async {
        guard link == self.link, let c = PenCharacteristic(uuid: uuid) else { return }
        let before = peripheral.violations.count
        let outputs = peripheral.write(c, value, at: clock.elapsed)
        for v in peripheral.violations.dropFirst(before) { logger.error("pencil protocol violation: \(v.reason)") }
        await perform(outputs)
    }

    fileprivate func subscriptionChanged(_ uuid: BLEUUID, notify: Bool, link: Int) async {
        guard link == self.link, let c = PenCharacteristic(uuid: uuid) else { return }
        await perform(peripheral.setNotifications(c, enabled: notify, at: clock.elapsed))
    }

    fileprivate func disconnected(link: Int, reason: String?) {
        guard link == self.link, server != nil else { return }
        server = nil
        peripheral.disconnect()
        logger.info("pencil simulator: central left (\(reason ?? "closed"))")
    }

    private func perform(_ outputs: [PencilPeripheral.Output]) async {
        for output in outputs {
            switch output {
            case .notify(let c, let bytes):
                if let server { await server.notify(c.uuid, value: bytes) }
            case .dropLink:
                await dropLink()
            }
        }
    }

    private struct Delegate: GATTServerDelegate {
        let host: PencilPeripheralHost
        let link: Int
        func read(_ characteristic: BLEUUID) async -> [UInt8]? { await host.read(characteristic, link: link) }
        func written(_ characteristic: BLEUUID, value: [UInt8], withResponse: Bool) async {
            await host.written(characteristic, value, link: link)
        }
        func subscriptionChanged(_ characteristic: BLEUUID, notify: Bool, indicate: Bool) async {
            await host.subscriptionChanged(characteristic, notify: notify, link: link)
        }
        func refused(_ why: String) async {}
        func disconnected(reason: String?) async { await host.disconnected(link: link, reason: reason) }
    }
}
