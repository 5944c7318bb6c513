import BLESockets
import Logging
import Platform

/// A simulated device serving one central at a time over any ATT bearer: a socketpair in process, an
/// L2CAP socket on a virtual controller in the rig, so BlueZ's tools and our actors reach it through
/// the kernel. Its `SimulatedGATTPeripheral` model answers behind `GATTServerConnection`; the host
/// keeps the link's generation (a request from a superseded link is ignored), logs the model's
/// protocol violations, and wakes only when the model has something due.
package actor GATTPeripheralHost<Model: SimulatedGATTPeripheral> {
    /// Where it runs: the simulated devices' event loop (`EventLoop.peripherals`), beside the
    /// appliance's, unless its creator names another (a test's `TestEventLoop`).
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    package private(set) var peripheral: Model
    /// The address the device advertises under (`SimulatedGATTPeripheral.defaultAddress` unless given).
    package nonisolated let address: String
    /// The session clock the model's times are on (extensions pace scripts by it).
    let clock: SessionClock
    private let logger: Logger
    private var server: GATTServerConnection?
    private var link = 0
    private var ticker: Task<Void, Never>?
    /// Tells the running timer from one that was replaced.
    private var timerToken = 0
    /// What the running timer sleeps toward.
    private var timerDue: Duration?
    /// Links served so far (a reconnection makes it 2).
    package private(set) var linksServed = 0
    /// Listening windows a listener of this host opened (the stand-in for a central's scans).
    var listened = 0
    /// Told of every notification just before it is sent (benchmarks).
    private var notificationObserver: (@Sendable (BLEUUID, [UInt8]) -> Void)?

    package init(address: String = Model.defaultAddress, peripheral: Model = Model(), clock: SessionClock, logger: Logger,
                executor: any ActorExecutor = EventLoop.peripherals) {
        self.executor = executor
        self.address = address
        self.peripheral = peripheral
        self.clock = clock
        self.logger = logger
    }

    package var isConnected: Bool { server != nil }

    /// Calls `observer` with every notification just before it goes to the central (the latency
    /// benchmark times an input from it).
    package func observeNotifications(_ observer: @escaping @Sendable (BLEUUID, [UInt8]) -> Void) {
        notificationObserver = observer
    }
    /// Whether the host sleeps toward a due time of the model (false: it waits for the central).
    var isTimerArmed: Bool { ticker != nil }

    /// Serves one central until the link ends.
    package func serve(_ socket: PacketSocket) async {
        // A device serves one central at a time: a new connection supersedes a link that looks alive
        // on our side but is dead on the central's (it reconnected), so the old one is closed.
        if let previous = server {
            server = nil
            await previous.close()
        }
        link += 1
        linksServed += 1
        let current = link
        let connection = GATTServerConnection(socket: socket, database: Model.gattDatabase, logger: logger, executor: executor)
        server = connection
        peripheral.linkUp(at: clock.elapsed)
        rearm()
        await connection.run(delegate: Delegate(host: self, link: current))
        guard link == current else { return }
        stopTimer()
        // The link ended from below without a word from the central (a controller lost power).
        if server != nil {
            server = nil
            peripheral.linkDown(closedByCentral: false)
        }
    }

    /// Drops the link from the device's side, as if it went out of range.
    package func dropLink() async {
        guard let server else { return }
        self.server = nil
        stopTimer()
        peripheral.linkDown(closedByCentral: false)
        await server.close()
    }

    /// Changes the model from outside the link (a button pressed, a new script) and sends what it says.
    @discardableResult
    package func update<T: Sendable>(_ change: @Sendable (inout Model, Duration) -> (T, [SimulatedPeripheralOutput])) async -> T {
        let (result, outputs) = change(&peripheral, clock.elapsed)
        await perform(outputs)
        rearm()
        return result
    }

    // MARK: Timer

    /// Sleeps until the model's next due time, advances it, and again; ends while nothing is due. A
    /// running timer is kept unless the model now wants waking sooner: a belt written every 50 ms
    /// must still move on every 100 ms, not be put off by each request.
    private func rearm() {
        guard server != nil, let due = peripheral.nextWake(after: clock.elapsed) else {
            stopTimer()
            return
        }
        if ticker != nil, let sleeping = timerDue, sleeping <= due { return }
        ticker?.cancel()
        timerToken += 1
        timerDue = due
        let (clock, current, token) = (self.clock, link, timerToken)
        // The simulated devices' loop as the task's preference, so that the timer's resumption stays
        // on that loop instead of passing through the global pool (see `GATTDeviceLink`).
        ticker = Task(executorPreference: executor) {
            while !Task.isCancelled {
                guard let wake = await self.nextWake(link: current, token: token) else { break }
                // A touch stroke's points are timed by their arrival: they must be punctual to the
                // report interval, or the paced clock slows down until they are.
                do { try await clock.sleep(until: SessionInstant(offset: wake), tolerance: .milliseconds(20)) } catch { return }
                await self.advance(link: current)
            }
            await self.timerEnded(token)
        }
    }

    private func stopTimer() {
        ticker?.cancel()
        ticker = nil
        timerDue = nil
    }

    private func timerEnded(_ token: Int) {
        if token == timerToken {
            ticker = nil
            timerDue = nil
        }
    }

    private func nextWake(link: Int, token: Int) -> Duration? {
        guard link == self.link, server != nil else { return nil }
        let due = peripheral.nextWake(after: clock.elapsed)
        if token == timerToken { timerDue = due }
        return due
    }

    private func advance(link: Int) async {
        guard link == self.link, server != nil else { return }
        await perform(peripheral.outputsDue(by: clock.elapsed))
    }

    // MARK: Server events

    fileprivate func read(_ uuid: BLEUUID, link: Int) -> [UInt8]? {
        guard link == self.link else { return nil }
        return peripheral.read(uuid, at: clock.elapsed)
    }

    fileprivate func written(_ uuid: BLEUUID, _ value: [UInt8], link: Int) async {
        guard link == self.link else { return }
        let before = peripheral.protocolViolations.count
        let outputs = peripheral.written(uuid, value, at: clock.elapsed)
        for v in peripheral.protocolViolations.dropFirst(before) { logger.error("\(Model.deviceName) protocol violation: \(v)") }
        await perform(outputs)
        rearm()
    }

    fileprivate func subscriptionChanged(_ uuid: BLEUUID, notify: Bool, link: Int) async {
        guard link == self.link else { return }
        await perform(peripheral.subscriptionChanged(uuid, notify: notify, at: clock.elapsed))
        rearm()
    }

    fileprivate func refused(_ why: String) {
        let before = peripheral.protocolViolations.count
        peripheral.refused(why, at: clock.elapsed)
        for v in peripheral.protocolViolations.dropFirst(before) { logger.error("\(Model.deviceName) protocol violation: \(v)") }
    }

    fileprivate func disconnected(link: Int, reason: String?) {
        guard link == self.link, server != nil else { return }
        server = nil
        stopTimer()
        peripheral.linkDown(closedByCentral: reason == GATTServerConnection.closedByCentral)
        logger.info("\(Model.deviceName) simulator: central left (\(reason ?? "closed"))")
    }

    private func perform(_ outputs: [SimulatedPeripheralOutput]) async {
        for output in outputs {
            switch output {
            case .notify(let uuid, let bytes):
                guard let server else { continue }
                notificationObserver?(uuid, bytes)
                await server.notify(uuid, value: bytes)
            case .dropLink:
                await dropLink()
            }
        }
    }

    private struct Delegate: GATTServerDelegate {
        let host: GATTPeripheralHost
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

extension GATTPeripheralHost {
    /// A connector to this simulated device over a fresh socketpair per connection: real ATT PDUs
    /// between our GATT client and the device's GATT server, no Bluetooth. Fails with
    /// `GATTError.notFound` while `reachable` says the device is away. The client runs on `executor`
    /// (the appliance's side), the device's end on the host's.
    package nonisolated func connector(clock: SessionClock = .continuous(), logger: Logger,
                                      reachable: @escaping @Sendable () -> Bool = { true },
                                      executor: any ActorExecutor = EventLoop.preferred) -> some GATTConnector {
        SocketpairConnector(host: self, clock: clock, logger: logger, reachable: reachable, executor: executor)
    }
}

private struct SocketpairConnector<Model: SimulatedGATTPeripheral>: GATTConnector {
    let host: GATTPeripheralHost<Model>
    let clock: SessionClock
    let logger: Logger
    let reachable: @Sendable () -> Bool
    let executor: any ActorExecutor

    func connect() async throws -> any GATTClient {
        guard reachable() else { throw GATTError.notFound("the simulated \(Model.deviceName) is out of reach") }
        let (central, peripheral) = try PacketSocket.pair(firstOn: executor, secondOn: host.executor)
        let host = self.host
        Task(executorPreference: host.executor) { await host.serve(peripheral) }
        let client = SocketGATTClient(socket: central, clock: clock, logger: logger, executor: executor)
        try await client.exchangeMTU()
        return client
    }
}
