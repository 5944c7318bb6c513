import BLESockets
import Belt
import Logging
import Platform

/// A simulated belt on its own, serving centrals over any ATT bearer: the rig runs it behind an
/// L2CAP listening socket on a virtual controller, so BlueZ's tools and our belt actor reach it
/// through the kernel. (Inside the simulated board, the world drives the same `BeltPeripheral`.)
public actor BeltPeripheralHost {
    public private(set) var peripheral: BeltPeripheral
    private let clock: SessionClock
    private let logger: Logger
    private var server: GATTServerConnection?
    private var link = 0
    private var lastAdvance: Duration = .zero
    /// Links served so far (a reconnection makes it 2).
    public private(set) var linksServed = 0

    public init(peripheral: BeltPeripheral = BeltPeripheral(), clock: SessionClock, logger: Logger) {
        self.peripheral = peripheral
        self.clock = clock
        self.logger = logger
    }

    /// Serves one central until the link ends; the belt's periodic notifications run meanwhile.
    public func serve(_ socket: PacketSocket) async {
        // A belt serves one central at a time: a new connection supersedes a link that looks alive on
        // our side but is dead on the central's (it reconnected), so the old one is closed.
        if let previous = server {
            server = nil
            await previous.close()
        }
        link += 1
        linksServed += 1
        let current = link
        let connection = GATTServerConnection(socket: socket, database: BeltPeripheral.gattDatabase, logger: logger)
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
        // The link ended from below (the central went away, or a controller lost power): a belt
        // without its link falls back to wait mode, as when it drops the link itself.
        if link == current, server != nil {
            server = nil
            peripheral.linkLost()
        }
    }

    /// Drops the current link from the belt's side (as if it went out of range): the belt falls back
    /// to wait mode (FSLib-iOS docs/README.md).
    public func dropLink() async {
        guard let server else { return }
        self.server = nil
        peripheral.linkLost()
        await server.close()
    }

    /// A press on the belt's own buttons.
    public func press(_ button: BeltButton, _ type: BeltPressType) async {
        await send(peripheral.press(button, type, at: clock.elapsed))
    }

    public var violations: [BeltPeripheral.Violation] { peripheral.violations }
    public var records: [SimulatedBelt.Record] { peripheral.belt.records }
    public var mode: BeltMode { peripheral.mode }
    /// The vibrations running now, by channel: empty is a silent belt.
    public var channels: [UInt8: SimulatedBelt.ActiveChannel] { peripheral.belt.channels }
    public var defaultIntensity: Int { peripheral.belt.defaultIntensity }
    public var isConnected: Bool { server != nil }

    // MARK: Server events

    fileprivate func advance(link: Int) async {
        guard link == self.link, server != nil else { return }
        let now = clock.elapsed
        let dt = (now - lastAdvance).inSeconds
        lastAdvance = now
        await send(peripheral.advance(to: now, dt: dt))
    }

    fileprivate func read(_ uuid: BLEUUID, link: Int) -> [UInt8]? {
        guard link == self.link, let c = BeltCharacteristic(uuid: uuid) else { return nil }
        return peripheral.read(c, at: clock.elapsed)
    }

    fileprivate func written(_ uuid: BLEUUID, _ value: [UInt8], link: Int) async {
        guard link == self.link, let c = BeltCharacteristic(uuid: uuid) else { return }
        let before = peripheral.violations.count
        let notifications = peripheral.write(c, value, at: clock.elapsed)
        for v in peripheral.violations.dropFirst(before) { logger.error("belt protocol violation: \(v)") }
        await send(notifications)
    }

    fileprivate func subscriptionChanged(_ uuid: BLEUUID, notify: Bool, link: Int) async {
        guard link == self.link, let c = BeltCharacteristic(uuid: uuid) else { return }
        await send(peripheral.setNotifications(c, enabled: notify, at: clock.elapsed))
    }

    fileprivate func disconnected(link: Int, reason: String?) {
        guard link == self.link, server != nil else { return }
        server = nil
        // A central that goes away without closing leaves the belt in wait mode, as a lost link does.
        if reason == nil || reason == "the central closed the link" { peripheral.disconnect() } else { peripheral.linkLost() }
        logger.info("belt simulator: central left (\(reason ?? "closed"))")
    }

    fileprivate func refused(_ why: String) {
        peripheral.recordRefusedRequest(why, at: clock.elapsed)
        logger.error("belt protocol violation: \(why)")
    }

    private func send(_ notifications: [BeltWrite]) async {
        guard let server else { return }
        for n in notifications {
            await server.notify(BLEUUID(n.characteristic.uuid16), value: n.bytes)
        }
    }

    private struct Delegate: GATTServerDelegate {
        let host: BeltPeripheralHost
        let link: Int
        func read(_ characteristic: BLEUUID) async -> [UInt8]? { await host.read(characteristic, link: link) }
        func written(_ characteristic: BLEUUID, value: [UInt8], withResponse: Bool) async {
            await host.written(characteristic, value, link: link)
        }
        func subscriptionChanged(_ characteristic: BLEUUID, notify: Bool, indicate: Bool) async {
            await host.subscriptionChanged(characteristic, notify: notify, link: link)
        }
        func refused(_ why: String) async { await host.refused(why) }
        func disconnected(reason: String?) async { await host.disconnected(link: link, reason: reason) }
    }
}
