import BLE
import Clocks
import Logging
import Pencil
import Platform
@testable import Runtime
import Simulation
import Synchronization
import WayfinderTestKit
import XCTest

/// The pencil actor against the Pencil simulator: our GATT client and the simulator's GATT server
/// speaking real ATT PDUs over a socketpair, with session time on a test clock.
final class PencilActorTests: XCTestCase {
    static let us: UInt32 = 0xCAFE_F00D

    /// What the actor said, in order.
    private final class Recorder: Sendable {
        let outputs = Mutex<[PencilActor.Output]>([])
        var all: [PencilActor.Output] { outputs.withLock { $0 } }
        var states: [PenManagerState] { all.compactMap { if case .state(let s) = $0 { s } else { nil } } }
        var clicks: [PenClick] { all.compactMap { if case .click(let c) = $0 { c } else { nil } } }
        var switches: [PenSwitchEvent] { all.compactMap { if case .switchChanged(let e) = $0 { e } else { nil } } }
        var pairings: [String?] { all.compactMap { if case .pairing(let p) = $0 { .some(p) } else { nil } } }
        /// What the actor asked to keep across restarts (`PenPairingStore` in the appliance).
        let remembered = Mutex<[String?]>([])
    }

    private struct Rig {
        let testClock: TestClock<Duration>
        let clock: SessionClock
        let pen: PencilPeripheralHost
        let actor: PencilActor
        let touches: AsyncStream<TouchInput>.Continuation
        let control: AsyncStream<Bool>.Continuation
        let recorder: Recorder
        let tasks: [Task<Void, Never>]

        /// Advances session time in 10 ms steps, letting the sockets and tasks run in between, until
        /// `condition` holds (at most `limit` of session time).
        func advance(until condition: () async -> Bool, limit: Duration = .seconds(10), step: Duration = .milliseconds(10),
                     file: StaticString = #filePath, line: UInt = #line) async throws {
            var spent: Duration = .zero, stepped = false
            // Real time for the ATT round trips, which cross a kernel socketpair no test loop drains,
            // then a step of session time; the session-time limit is the bound that counts.
            try await eventually("the condition within \(limit) of session time", timeout: .seconds(600), every: .milliseconds(2)) {
                if stepped {
                    await testClock.advance(by: step)
                    spent += step
                }
                if await condition() { return true }
                if spent >= limit { XCTFail("not reached within \(limit) of session time", file: file, line: line); throw TimedOut() }
                stepped = true
                return false
            }
        }

        /// Waits in real time (session time stands still) until `condition` holds: the ATT round trips
        /// go over a kernel socketpair, which no test loop runs.
        func settle(until condition: () async -> Bool, file: StaticString = #filePath, line: UInt = #line) async throws {
            do {
                try await eventually("the condition", every: .milliseconds(2), condition)
            } catch {
                XCTFail("not reached", file: file, line: line)
                throw error
            }
        }

        func touch(_ phase: TouchPhase, id: Int = 1) {
            touches.yield(TouchInput(id: id, phase: phase, x: 50, y: 50, at: clock.elapsed))
        }
    }

    private func makeRig(pairedPen: String? = nil, configure: (@Sendable (inout PencilPeripheral) -> Void)? = nil) async -> Rig {
        let testClock = TestClock()
        let clock = SessionClock(testClock)
        let logger = Logger(label: "pencil-test")
        let pen = PencilPeripheralHost(clock: clock, logger: logger)
        if let configure { await pen.configure(configure) }
        let (touches, touchSink) = AsyncStream<TouchInput>.makeStream()
        let (control, controlSink) = AsyncStream<Bool>.makeStream()
        let recorder = Recorder()
        let actor = PencilActor(radio: pen.radio(clock: clock, logger: logger), centralID: Self.us, pairedPen: pairedPen,
                                touches: touches, pairControl: control, clock: clock, logger: logger,
                                health: HealthMonitor(expected: [PencilActor.name]), status: StatusBoard(order: []),
                                remember: { pen in recorder.remembered.withLock { $0.append(pen) } })
        let collect = Task { for await o in actor.outputs { recorder.outputs.withLock { $0.append(o) } } }
        let run = Task { _ = try? await actor.run() }
        return Rig(testClock: testClock, clock: clock, pen: pen, actor: actor, touches: touchSink, control: controlSink,
                   recorder: recorder, tasks: [collect, run])
    }

    /// The pencil pressed on the case and lifted together: paired, with the central ID written.
    private func pair(_ rig: Rig) async throws {
        try await rig.advance(until: { rig.recorder.states == [.unpaired] })
        await rig.pen.press(.tip, down: true)
        rig.touch(.began)
        try await rig.advance(until: { rig.recorder.states.last == .connected })
        XCTAssertEqual(rig.recorder.states, [.unpaired, .seeking, .connecting, .connected])
        // Lift the pen: tip-up notification and touch end at the same session time.
        await rig.pen.press(.tip, down: false)
        rig.touch(.ended)
        try await rig.settle(until: { rig.recorder.pairings.count == 1 })
        XCTAssertEqual(rig.recorder.pairings, [rig.pen.address])
    }

    /// Pair → click → separate → reconnect → unpair, end to end.
    func testPairClickSeparateReconnectAndUnpair() async throws {
        let rig = await makeRig()
        defer { rig.tasks.forEach { $0.cancel() } }
        try await pair(rig)

        // FTPenManager.mm: firmware 60 running (> 55) → our ID, little-endian, written once.
        try await rig.advance(until: { await rig.pen.peripheral.centralIDWrites.count == 1 }, limit: .seconds(2))
        let writes = await rig.pen.peripheral.centralIDWrites
        XCTAssertEqual(writes, [[0x0D, 0xF0, 0xFE, 0xCA]])
        let listener = await rig.pen.peripheral.hasListenerWrites
        XCTAssertEqual(listener.first, [0x01], "HasListener 01 first, as FTPenServiceClient.mm writes it")

        // A click of the tip (no case touch: not the pairing spot).
        let switchesBefore = rig.recorder.switches.count
        await rig.pen.press(.tip, down: true)
        try await rig.settle(until: { rig.recorder.switches.count == switchesBefore + 1 })
        let pressedAt = rig.clock.elapsed
        await rig.testClock.advance(by: .milliseconds(120))
        await rig.pen.press(.tip, down: false)
        // The release is stamped when it arrives: wait for it before session time moves on.
        try await rig.settle(until: { rig.recorder.switches.count == switchesBefore + 2 })
        try await rig.advance(until: { !rig.recorder.clicks.isEmpty }, limit: .seconds(1))
        XCTAssertEqual(rig.recorder.clicks.first?.pen, .tip)
        XCTAssertEqual(rig.recorder.clicks.first?.pressedAt, pressedAt)
        XCTAssertEqual(rig.recorder.clicks.first?.held, .milliseconds(120))
        XCTAssertEqual(rig.recorder.states.last, .connected, "a click is not a pairing gesture")

        // Separation: the pen leaves; it advertises us (big-endian) and the actor reconnects, tip not needed.
        await rig.pen.dropLink()
        try await rig.advance(until: { rig.recorder.states.last == .connected && rig.recorder.states.contains(.reconnecting) })
        XCTAssertEqual(Array(rig.recorder.states.suffix(3)), [.disconnected, .reconnecting, .connected])
        let peripheral = await rig.pen.peripheral
        XCTAssertEqual(peripheral.linksServed, 2)
        XCTAssertEqual(peripheral.manufacturerData, [0xCA, 0xFE, 0xF0, 0x0D])

        // Unpair: the pair control held 1.5 s → ShouldPowerOff, the pen goes off, the pairing is forgotten.
        rig.control.yield(true)
        try await rig.advance(until: { rig.recorder.states.last == .connectedLongPressToUnpair })
        try await rig.advance(until: { rig.recorder.states.last == .unpaired }, limit: .seconds(3))
        rig.control.yield(false)
        XCTAssertEqual(rig.recorder.pairings, [rig.pen.address, nil])
        XCTAssertEqual(rig.recorder.remembered.withLock { $0 }, [rig.pen.address, nil], "kept, then forgotten, across restarts")
        let off = await rig.pen.peripheral
        XCTAssertFalse(off.isPoweredOn)
        XCTAssertEqual(off.centralID, 0, "the powered-off pen forgot us")
        XCTAssertEqual(off.violations, [])
    }

    /// A first pairing needs the tip pressed when it is first read: a lone case touch without the pen
    /// ends unpaired (FTPenErrorConnectionFailedTipNotPressed) and nothing is written to the pen.
    func testPairingWithoutTheTipPressedFails() async throws {
        let rig = await makeRig()
        defer { rig.tasks.forEach { $0.cancel() } }
        try await rig.advance(until: { rig.recorder.states == [.unpaired] })
        rig.touch(.began)
        try await rig.advance(until: { rig.recorder.states.count >= 4 })
        XCTAssertEqual(rig.recorder.states, [.unpaired, .seeking, .connecting, .unpaired])
        XCTAssertEqual(rig.recorder.pairings, [])
        let writes = await rig.pen.peripheral.centralIDWrites
        XCTAssertEqual(writes, [])
    }

    /// v55 firmware: the SDK writes 0x00000001, and the pen's one-byte `01` advertisement reconnects.
    func testLegacyFirmwareGetsCentralIDOneAndReconnectsOnItsOneByteAdvertisement() async throws {
        let rig = await makeRig(configure: { p in
            p.firmwareRevision = "55*"
            p.softwareRevision = "54"
            p.advertisesLegacyByte = true
        })
        defer { rig.tasks.forEach { $0.cancel() } }
        try await pair(rig)
        try await rig.advance(until: { await rig.pen.peripheral.centralIDWrites.count == 1 }, limit: .seconds(2))
        let writes = await rig.pen.peripheral.centralIDWrites
        XCTAssertEqual(writes, [[0x01, 0x00, 0x00, 0x00]])
        await rig.pen.dropLink()
        try await rig.advance(until: { rig.recorder.states.suffix(2) == [.reconnecting, .connected] })
    }

    /// With a pairing remembered from an earlier run, the actor starts Disconnected and reconnects to
    /// the pen that advertises us, without any touch.
    func testRememberedPairingReconnectsAtStart() async throws {
        let rig = await makeRig(pairedPen: "F5:3C:00:00:00:01", configure: { p in
            _ = p.write(.centralID, PenCentralID.wireBytes(PencilActorTests.us), at: .zero)
        })
        defer { rig.tasks.forEach { $0.cancel() } }
        try await rig.advance(until: { rig.recorder.states.last == .connected })
        XCTAssertEqual(rig.recorder.states, [.disconnected, .reconnecting, .connected])
        // The battery's first level is ignored; the second (2 s later) is the one reported (FTPenServiceClient.mm).
        try await rig.advance(until: {
            rig.recorder.all.contains { if case .information(let i) = $0 { i.batteryLevel == .high } else { false } }
        }, limit: .seconds(5))
        let info = rig.recorder.all.compactMap { if case .information(let i) = $0 { i } else { nil } }.last
        XCTAssertEqual(info?.firmwareRevision, "60")
        XCTAssertEqual(info?.manufacturerName, "FiftyThree, Inc.")
    }
    /// A script drives the simulated pen: an eraser click arrives as a click held for the scripted time,
    /// and a scripted drop is followed by a reconnection.
    func testScriptedClickAndDrop() async throws {
        let rig = await makeRig(pairedPen: "F5:3C:00:00:00:01", configure: { p in
            _ = p.write(.centralID, PenCentralID.wireBytes(PencilActorTests.us), at: .zero)
        })
        defer { rig.tasks.forEach { $0.cancel() } }
        try await rig.advance(until: { rig.recorder.states.last == .connected })
        // Let the set-up finish (the eraser's subscription) before the script starts.
        try await rig.advance(until: { await rig.pen.peripheral.subscriptions.contains(.isEraserPressed) }, limit: .seconds(1))
        let script = PencilScript(PencilScript.click(.eraser, at: .milliseconds(100), held: .milliseconds(200))
                                  + [PencilScript.Step(at: .seconds(1), .dropLink)])
        // The script's times count from when it starts playing, which is no earlier than this.
        let scriptEarliest = rig.clock.elapsed
        let player = Task { await rig.pen.play(script) }
        defer { player.cancel() }
        try await rig.advance(until: { !rig.recorder.clicks.isEmpty }, limit: .seconds(1))
        XCTAssertEqual(rig.recorder.clicks.map(\.pen), [.eraser])
        // Stamped on arrival: each switch event no earlier than scripted, and the click held exactly
        // from one to the other. (The hold itself may come out shorter than scripted: the press can
        // arrive one clock step late while the release does not.)
        let switches = rig.recorder.switches.filter { $0.pen == .eraser }
        XCTAssertEqual(switches.map(\.isPressed), [true, false])
        guard switches.count == 2 else { return }
        XCTAssertEqual(rig.recorder.clicks.first?.held, switches[1].at - switches[0].at)
        XCTAssertGreaterThanOrEqual(switches[0].at, scriptEarliest + .milliseconds(100))
        XCTAssertGreaterThanOrEqual(switches[1].at, scriptEarliest + .milliseconds(300))
        try await rig.advance(until: { rig.recorder.states.suffix(3) == [.disconnected, .reconnecting, .connected] })
    }
}

struct TimedOut: Error, CustomStringConvertible {
    var description: String { "the awaited condition did not become true in time" }
}
