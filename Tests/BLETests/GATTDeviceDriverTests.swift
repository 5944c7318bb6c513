import BLE
import BLETestKit
import XCTest

/// A session that asks for what the test scripts and records what it hears.
private struct ScriptedSession: GATTDeviceSession {
    typealias Event = String
    static let service = BLEUUID(0xAAA0)
    static let a = BLEUUID(0xAAA1)
    static let b = BLEUUID(0xAAA2)

    var services: [BLEUUID] { [Self.service] }
    /// What `linkUp` asks for.
    var onLinkUp: [GATTSessionOutput<String>] = []
    /// A notification of `a` asks for this.
    var onNotification: [GATTSessionOutput<String>] = []
    var deadline: Duration?

    mutating func linkUp(discovered: [BLEUUID: [BLEUUID]], now: Duration) -> [GATTSessionOutput<String>] {
        [.event("up \(discovered[Self.service]?.count ?? 0)")] + onLinkUp
    }
    mutating func completed(_ operation: GATTOperation, value: [UInt8], now: Duration) -> [GATTSessionOutput<String>] {
        [.event("done \(operation)")]
    }
    mutating func failed(_ operation: GATTOperation, error: GATTError, now: Duration) -> [GATTSessionOutput<String>] {
        [.event("failed \(operation): \(error)")]
    }
    mutating func notified(_ characteristic: BLEUUID, _ value: [UInt8], now: Duration) -> [GATTSessionOutput<String>] {
        [.event("notified \(characteristic)")] + onNotification
    }
    mutating func linkDown(expected: Bool, now: Duration) -> [GATTSessionOutput<String>] {
        [.event(expected ? "down as asked" : "down")]
    }
    mutating func timerFired(now: Duration) -> [GATTSessionOutput<String>] {
        deadline = nil
        return [.event("timer at \(now)")]
    }
}

final class GATTDeviceDriverTests: XCTestCase {
    private let table = [ScriptedSession.service: [ScriptedSession.a, ScriptedSession.b]]
    private let writeA = GATTOperation.write(ScriptedSession.a, [1], withResponse: true)
    private let writeB = GATTOperation.write(ScriptedSession.b, [2], withResponse: true)
    private let urgent = GATTOperation.write(ScriptedSession.a, [9], withResponse: true)
    private let backoff = RestartBackoff(initial: .milliseconds(500), maximum: .seconds(8), healthyRun: .seconds(30))

    private func device(_ session: ScriptedSession = ScriptedSession(), policy: GATTLinkPolicy = .whenAsked)
        -> EmbeddedGATTDevice<ScriptedSession> {
        EmbeddedGATTDevice(session: session, policy: policy, peripheral: table)
    }

    func testOperationsRunOneAtATimeInOrderAndPerformFirstJumpsTheQueue() {
        var session = ScriptedSession()
        session.onLinkUp = [.perform(writeA), .perform(writeB)]
        session.onNotification = [.performFirst(urgent)]
        var d = device(session)
        d.connect()
        XCTAssertEqual(d.events, ["up 2"])
        XCTAssertEqual(d.performed, [writeA], "one at a time: B waits for A's answer")
        d.notify(ScriptedSession.a, [0])
        d.complete()
        XCTAssertEqual(d.performed, [writeA, urgent], "the urgent one goes before the queued B")
        d.completeAll()
        XCTAssertEqual(d.performed, [writeA, urgent, writeB])
        XCTAssertEqual(d.events.suffix(3), ["done \(writeA)", "done \(urgent)", "done \(writeB)"])
    }

    func testARequestWithoutAnswerFailsAtItsBoundClosesTheLinkAndTheKeptLinkReconnects() {
        var session = ScriptedSession()
        session.onLinkUp = [.perform(writeA)]
        var d = device(session, policy: .keepConnected(backoff))
        d.start()
        let first = d.driver.generation
        d.advance(by: .milliseconds(4999))
        XCTAssertEqual(d.state, .connected, "not before the 5 s bound")
        d.advance(by: .milliseconds(1))
        XCTAssertEqual(d.closed, [first])
        XCTAssertTrue(d.events.contains("failed \(writeA): timed out: \(writeA): no answer within 5.0 seconds"), "\(d.events)")
        XCTAssertEqual(d.events.last, "down")
        XCTAssertEqual(d.changes.last, .closed(reason: "timed out: \(writeA): no answer within 5.0 seconds",
                                               retryIn: .milliseconds(500)))
        d.advance(by: .milliseconds(500))
        XCTAssertEqual(d.state, .connected, "connected again after the first backoff step")
        XCTAssertEqual(d.performed, [writeA, writeA], "the new link runs the session afresh")
    }

    func testFailedAttemptsBackOffUpToTheCeilingAndASuccessResetsTheCount() {
        var d = device(policy: .keepConnected(backoff))
        d.answersConnections = false
        d.start()
        var delays: [Duration] = []
        for _ in 0..<6 {
            d.refuseConnection(.notFound("no device"))
            guard case .attemptFailed(_, _, linkOpened: false, let retryIn?)? = d.changes.last else { return XCTFail("\(d.changes)") }
            delays.append(retryIn)
            d.advance(by: retryIn)
        }
        XCTAssertEqual(delays, [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8)])
        XCTAssertEqual(d.changes.last, .connecting(attempt: 7))
        d.acceptConnection()
        XCTAssertEqual(d.state, .connected)
    }

    /// However long a failed attempt took (a scan that found nothing for 15 s), it was no healthy run:
    /// the backoff keeps growing, even with the case's 1 s healthy run.
    func testALongFailedAttemptIsNoHealthyRun() {
        let quick = RestartBackoff(initial: .milliseconds(500), maximum: .seconds(8), healthyRun: .seconds(1))
        var d = device(policy: .keepConnected(quick))
        d.answersConnections = false
        d.start()
        var delays: [Duration] = []
        for _ in 0..<3 {
            d.advance(by: .seconds(15))
            d.refuseConnection(.notFound("no device matching the case's rule within 15 s"))
            guard case .attemptFailed(_, _, _, let retryIn?)? = d.changes.last else { return XCTFail("\(d.changes)") }
            delays.append(retryIn)
            d.advance(by: retryIn)
        }
        XCTAssertEqual(delays, [.milliseconds(500), .seconds(1), .seconds(2)])
    }

    func testAHangingAttemptIsAbandonedAtItsBoundAndItsLateLinkIsClosed() {
        var d = device(policy: .keepConnected(backoff))
        d.answersConnections = false
        d.start()
        let abandoned = d.driver.generation
        d.advance(by: .seconds(20))
        XCTAssertEqual(d.changes.last, .attemptFailed(attempt: 1, .timedOut("connection attempt (20.0 seconds)"),
                                                      linkOpened: false, retryIn: .milliseconds(500)))
        XCTAssertEqual(d.closed, [abandoned], "the attempt is abandoned")
        // The abandoned attempt's link turns up after all: the driver closes it.
        var driver = d.driver
        XCTAssertEqual(driver.connected(generation: abandoned, at: GATTDeviceTime(.seconds(20))), [.close(generation: abandoned)])
    }

    func testALostLinkFailsItsRequestsAndTheSessionHearsItOnce() {
        var d = device(policy: .keepConnected(backoff))
        d.start()
        let id = d.submit(writeA)
        let queued = d.submit(writeB)
        d.dropLink(reason: "supervision timeout")
        XCTAssertEqual(d.finished.map(\.0), [id, queued])
        for (_, result) in d.finished {
            guard case .failure(.disconnected) = result else { return XCTFail("\(result)") }
        }
        XCTAssertEqual(d.events.filter { $0.hasPrefix("down") }, ["down"])
        XCTAssertEqual(d.changes.last, .closed(reason: "supervision timeout", retryIn: .milliseconds(500)))
        let late = d.submit(writeA)
        XCTAssertEqual(d.finished.last?.0, late)
        if case .failure(let error)? = d.finished.last?.1 { XCTAssertEqual(error, .disconnected) } else { XCTFail() }
    }

    func testAnswersOfAnOldLinkAreIgnored() {
        var session = ScriptedSession()
        session.onLinkUp = [.perform(writeA)]
        var d = device(session)
        d.connect()
        let old = d.driver.generation
        d.connect()
        var driver = d.driver
        let actions = driver.completed(generation: old, value: [], at: GATTDeviceTime(.zero))
            + driver.notified(ScriptedSession.a, [1], generation: old, at: GATTDeviceTime(.zero))
            + driver.closed(generation: old, reason: "late", at: GATTDeviceTime(.zero))
        XCTAssertEqual(actions, [])
        XCTAssertEqual(d.closed, [old])
        XCTAssertEqual(d.events.filter { $0 == "down as asked" }.count, 1)
    }

    func testStopClosesTheLinkAndNothingConnectsAgain() {
        var d = device(policy: .keepConnected(backoff))
        d.start()
        d.stop()
        XCTAssertEqual(d.state, .stopped)
        XCTAssertEqual(d.changes.last, .closed(reason: nil, retryIn: nil))
        d.advance(by: .seconds(60))
        d.connect()
        XCTAssertEqual(d.state, .stopped)
        XCTAssertEqual(d.changes.filter { if case .connecting = $0 { true } else { false } }.count, 1)
    }

    /// An idle link arms no timer: the driver's deadlines are the session's own and the request in flight.
    func testTimersExistOnlyWhileSomethingIsDue() {
        var d = device()
        d.connect()
        XCTAssertNil(d.driver.sessionDeadline)
        XCTAssertNil(d.driver.linkDeadline)
        d.update { session, now in
            session.deadline = now + .milliseconds(200)
            return []
        }
        XCTAssertEqual(d.driver.sessionDeadline, .milliseconds(200))
        d.advance(by: .seconds(1))
        XCTAssertEqual(d.events.last, "timer at 0.2 seconds")
        XCTAssertNil(d.driver.sessionDeadline)
        d.submit(writeA)
        XCTAssertEqual(d.driver.linkDeadline, .seconds(6))
        d.complete()
        XCTAssertNil(d.driver.linkDeadline)
    }

    func testAPeripheralWithoutTheSessionsServiceStillComesUpAndTheSessionDecides() {
        var d = device()
        d.peripheral = [:]
        d.connect()
        XCTAssertEqual(d.events, ["up 0"])
        var closing = ScriptedSession()
        closing.onLinkUp = [.close("not our device")]
        var other = device(closing, policy: .keepConnected(backoff))
        other.start()
        XCTAssertEqual(other.changes.last, .closed(reason: "not our device", retryIn: .milliseconds(500)))
        XCTAssertEqual(other.closed.count, 1)
    }

    /// After an ATT transaction timeout nothing more goes out on that bearer (Vol 3 Part F §3.3.3): the
    /// queued request is failed with the link, never sent.
    func testNothingQueuedIsSentAfterARequestTimesOut() {
        var d = device(policy: .keepConnected(backoff))
        d.start()
        let stuck = d.submit(writeA)
        let queued = d.submit(writeB)
        d.advance(by: .seconds(5))
        XCTAssertEqual(d.performed, [writeA], "B never went out on the timed-out bearer")
        XCTAssertEqual(d.finished.map(\.0), [stuck, queued])
        guard case .failure(.timedOut) = d.finished[0].1, case .failure(.disconnected) = d.finished[1].1 else {
            return XCTFail("\(d.finished)")
        }
    }

    /// A failure after the link came up (in discovery) says the peer was reached.
    func testAFailureDuringDiscoverySaysTheLinkHadOpened() {
        var d = device()
        d.peripheral = table
        var driver = d.driver
        let time = GATTDeviceTime(.zero)
        let gen = driver.generation + 1
        _ = driver.connect(at: time)
        _ = driver.connected(generation: gen, at: time)
        let actions = driver.discoveryFailed(generation: gen, error: .disconnected, at: time)
        XCTAssertEqual(actions, [.close(generation: gen),
                                 .link(.attemptFailed(attempt: 1, .disconnected, linkOpened: true, retryIn: nil), generation: gen)])
    }

    /// Connecting anew on a kept link replaces the link at once: no backoff is counted or announced.
    func testConnectingAnewReplacesTheLinkWithoutABackoff() {
        var d = device(policy: .keepConnected(backoff))
        d.start()
        d.connect()
        XCTAssertEqual(d.changes, [.connecting(attempt: 1), .connected, .closed(reason: nil, retryIn: nil),
                                   .connecting(attempt: 1), .connected])
    }

    /// A disconnected kept link stays idle, and `start` brings it back (the belt actor's restart path).
    func testStartAfterDisconnectConnectsAgain() {
        var d = device(policy: .keepConnected(backoff))
        d.start()
        d.disconnect()
        d.advance(by: .seconds(30))
        XCTAssertEqual(d.state, .idle, "no retry after a disconnect asked for")
        d.start()
        XCTAssertEqual(d.state, .connected)
    }
}
