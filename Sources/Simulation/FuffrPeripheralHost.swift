import BLESockets
import Logging
import Platform
import TouchCase

/// A simulated Fuffr case serving one central at a time over any ATT bearer (a socketpair in
/// process, an L2CAP socket in the rig): `FuffrPeripheral` behind `GATTServerConnection`, with
/// its 50 Hz touch reports paced by the session clock.
public actor FuffrPeripheralHost {
    public private(set) var peripheral: FuffrPeripheral
    private let clock: SessionClock
    private let logger: Logger
    private var server: GATTServerConnection?
    private var link = 0
    private var ticker: Task<Void, Never>?
    /// Links served so far (a reconnection makes it 2).
    public private(set) var linksServed = 0

    public init(peripheral: FuffrPeripheral = FuffrPeripheral(), clock: SessionClock, logger: Logger) {
        self.peripheral = peripheral
        self.clock = clock
        self.logger = logger
    }

    /// Serves one central until the link ends.
    public func serve(_ socket: PacketSocket) async {
        if let previous = server {
            server = nil
            await previous.close()
        }
        link += 1
        linksServed += 1
        let current = link
        let connection = GATTServerConnection(socket: socket, database: FuffrPeripheral.gattDatabase, logger: logger)
        server = connection
        peripheral.connect(at: clock.elapsed)
        startTicker()
        await connection.run(delegate: Delegate(host: self, link: current))
        if link == current {
            ticker?.cancel()
            ticker = nil
        }
    }

    /// Wakes for the peripheral's next report (every 20 ms while a finger is down), idles between
    /// strokes; `play` restarts it for a new script.
    private func startTicker() {
        ticker?.cancel()
        let (clock, current) = (self.clock, link)
        ticker = Task {
            while !Task.isCancelled {
                guard let wake = self.nextWake(link: current) else { return }
                // The stroke's points are timed by their arrival: they must be punctual to the
                // report interval, or the paced clock slows down until they are.
                do { try await clock.sleep(until: SessionInstant(offset: wake), tolerance: .milliseconds(20)) } catch { return }
                await self.advance(link: current)
            }
        }
    }

    private func nextWake(link: Int) -> Duration? {
        guard link == self.link, server != nil else { return nil }
        return peripheral.nextReportTime(after: clock.elapsed)
    }

    /// Drops the link from the case's side, as if it went out of range.
    public func dropLink() async {
        guard let server else { return }
        self.server = nil
        peripheral.disconnect()
        await server.close()
    }

    /// Replaces the script (strokes are in session time).
    public func play(_ trace: FuffrTouchTrace) {
        peripheral.trace = trace
        if server != nil { startTicker() }
    }

    public var operations: [String] { peripheral.operations }
    public var violations: [String] { peripheral.violations }
    public var command: TouchEnableCommand { peripheral.command }
    public var isConnected: Bool { server != nil }

    // MARK: Server events

    private func advance(link: Int) async {
        guard link == self.link, let server else { return }
        for n in peripheral.advance(to: clock.elapsed) {
            await server.notify(n.characteristic, value: n.bytes)
        }
    }

    fileprivate func written(_ uuid: BLEUUID, _ value: [UInt8], link: Int) {
        guard link == self.link else { return }
        let before = peripheral.violations.count
        peripheral.write(uuid, value)
        for v in peripheral.violations.dropFirst(before) { logger.error("touch case protocol violation: \(v)") }
    }

    fileprivate func subscriptionChanged(_ uuid: BLEUUID, notify: Bool, link: Int) {
        guard link == self.link else { return }
        peripheral.setNotifications(uuid, enabled: notify)
    }

    fileprivate func disconnected(link: Int, reason: String?) {
        guard link == self.link, server != nil else { return }
        server = nil
        peripheral.disconnect()
        logger.info("touch case simulator: central left (\(reason ?? "closed"))")
    }

    private struct Delegate: GATTServerDelegate {
        let host: FuffrPeripheralHost
        let link: Int
        func read(_ characteristic: BLEUUID) async -> [UInt8]? { nil }
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
