import BLE

/// Drives any `GATTDeviceSession` through the real `GATTDeviceDriver` without sockets, tasks or clocks,
/// as swift-nio's `EmbeddedChannel` drives channel handlers: the test plays the peripheral and time.
///
/// Connection attempts and discovery are answered at once with `peripheral` (a service table). The
/// driver runs one operation at a time: it waits in `inFlight` until the test answers it with
/// `complete` or `fail`, and every operation started is listed in `performed`.
/// Everything the driver tells its owner is collected in order: `events`, `changes`, `finished`.
///
/// ```swift
/// var belt = EmbeddedGATTDevice(session: BeltSession(), peripheral: table)
/// belt.connect()
/// XCTAssertEqual(belt.inFlight, .notifications(BeltCharacteristic.fe02.uuid, enabled: true))
/// belt.complete()
/// belt.notify(BeltCharacteristic.fe02.uuid, keepAlive)
/// belt.advance(by: .seconds(1))
/// ```
package struct EmbeddedGATTDevice<Session: GATTDeviceSession> {
    package private(set) var driver: GATTDeviceDriver<Session>
    /// The session time (and link time: one clock here).
    package private(set) var now: Duration = .zero
    /// What discovery finds: service → characteristics.
    package var peripheral: [BLEUUID: [BLEUUID]]
    /// When false, connection attempts hang until `acceptConnection` or `refuseConnection`.
    package var answersConnections = true
    /// Every operation the driver started, in order (answered or not).
    package private(set) var performed: [GATTOperation] = []
    /// The session's events, in order.
    package private(set) var events: [Session.Event] = []
    /// The link's changes, in order.
    package private(set) var changes: [GATTLinkChange] = []
    /// Submitted operations that ended, in order.
    package private(set) var finished: [(GATTRequestID, Result<[UInt8], GATTError>)] = []
    /// Generations the driver closed or abandoned.
    package private(set) var closed: [Int] = []
    /// The operation in flight, waiting for the test's answer.
    package private(set) var inFlight: GATTOperation?
    private var inFlightGeneration = 0
    private var pendingAttempt: Int?
    private var nextRequest = 0

    package init(session: Session, policy: GATTLinkPolicy = .whenAsked,
                limits: GATTDeviceDriver<Session>.Limits = .init(), peripheral: [BLEUUID: [BLEUUID]]) {
        driver = GATTDeviceDriver(session: session, policy: policy, limits: limits)
        self.peripheral = peripheral
    }

    package var session: Session { driver.session }
    package var state: GATTLinkState { driver.state }

    // MARK: The owner's side

    /// `start` under the driver's policy (`.keepConnected` connects at once).
    package mutating func start() { carry(driver.start(at: time)) }

    package mutating func connect() { carry(driver.connect(at: time)) }

    package mutating func disconnect() { carry(driver.disconnect(at: time)) }

    package mutating func stop() { carry(driver.stop(at: time)) }

    /// Submits an owner's operation; its result lands in `finished` under the returned ID.
    @discardableResult
    package mutating func submit(_ operation: GATTOperation) -> GATTRequestID {
        nextRequest += 1
        let id = GATTRequestID(nextRequest)
        carry(driver.submit(operation, id: id, at: time))
        return id
    }

    package mutating func update(_ body: (inout Session, Duration) -> [GATTSessionOutput<Session.Event>]) {
        carry(driver.update(at: time, body))
    }

    // MARK: The peripheral's side

    /// Answers the operation in flight with success (`value` for a read).
    package mutating func complete(value: [UInt8] = []) {
        guard inFlight != nil else { return }
        inFlight = nil
        carry(driver.completed(generation: inFlightGeneration, value: value, at: time))
    }

    /// Answers the operation in flight with an error.
    package mutating func fail(_ error: GATTError) {
        guard inFlight != nil else { return }
        inFlight = nil
        carry(driver.failed(generation: inFlightGeneration, error: error, at: time))
    }

    /// Answers every operation, in flight and following, until none is left: `answer` gives a read's value.
    package mutating func completeAll(answer: (GATTOperation) -> [UInt8] = { _ in [] }) {
        while let operation = inFlight { complete(value: answer(operation)) }
    }

    package mutating func notify(_ characteristic: BLEUUID, _ value: [UInt8]) {
        carry(driver.notified(characteristic, value, generation: driver.generation, at: time))
    }

    /// The peer or the controller drops the link.
    package mutating func dropLink(reason: String = "remote user terminated connection") {
        inFlight = nil
        carry(driver.closed(generation: driver.generation, reason: reason, at: time))
    }

    /// Completes a connection attempt left hanging (`answersConnections == false`).
    package mutating func acceptConnection() {
        guard let attempt = pendingAttempt else { return }
        pendingAttempt = nil
        carry(driver.connected(generation: attempt, at: time))
    }

    package mutating func refuseConnection(_ error: GATTError) {
        guard let attempt = pendingAttempt else { return }
        pendingAttempt = nil
        carry(driver.connectFailed(generation: attempt, error: error, at: time))
    }

    // MARK: Time

    /// Moves time forward, firing every deadline on the way at its own instant.
    package mutating func advance(by duration: Duration) {
        let target = now + duration
        while let due = [driver.sessionDeadline, driver.linkDeadline].compactMap({ $0 }).min(), due <= target {
            now = max(now, due)
            carry(driver.timerFired(at: time))
        }
        now = target
    }

    // MARK: Internals

    private var time: GATTDeviceTime { GATTDeviceTime(now) }

    private mutating func carry(_ actions: [GATTDeviceDriver<Session>.Action]) {
        for action in actions {
            switch action {
            case .connect(let generation):
                if answersConnections {
                    carry(driver.connected(generation: generation, at: time))
                } else {
                    pendingAttempt = generation
                }
            case .discover(let services, let generation):
                let table = peripheral.filter { services.contains($0.key) }
                carry(driver.discovered(table, generation: generation, at: time))
            case .perform(let operation, let generation):
                performed.append(operation)
                inFlight = operation
                inFlightGeneration = generation
            case .close(let generation):
                closed.append(generation)
                if generation == inFlightGeneration { inFlight = nil }
                if generation == pendingAttempt { pendingAttempt = nil }
            case .event(let event):
                events.append(event)
            case .link(let change, _):
                changes.append(change)
            case .finished(let id, let result):
                finished.append((id, result))
            }
        }
    }
}
