import BLE
import Logging
import Pencil
import Platform
@testable import Runtime
import Simulation
import Synchronization
import WayfinderTestKit
import XCTest

/// The pencil actor against the Pencil simulator: our GATT client and the simulator's GATT server
/// speaking real ATT PDUs over a socketpair, all on one test loop.
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

    /// The actor, the simulated pen and their socketpairs on one `TestEventLoop`: a drain carries
    /// every ATT PDU both ways, and session time moves only when the test moves it.
    private struct Rig {
        let loop: TestEventLoop
        let pen: PencilPeripheralHost
        let actor: PencilActor
        let touches: AsyncStream<TouchInput>.Continuation
        let control: AsyncStream<Bool>.Continuation
        let recorder: Recorder
        let tasks: [Task<Void, Never>]

        var elapsed: Duration { loop.now }

        /// Cancels the actor's tasks and lets them end.
        func stop() {
            tasks.forEach { $0.cancel() }
            loop.drain()
        }

        /// `body` run as a task on the loop, drained until it returns.
        func on<T: Sendable>(_ body: @escaping @Sendable () async -> T) throws -> T { try loop.run(body) }

        /// The simulated pen's state now.
        var peripheral: PencilPeripheral { get throws { try on { await pen.peripheral } } }

        /// Moves session time on in `step`s until `condition` holds, at most `limit` of session time.
        func advance(until condition: () throws -> Bool, limit: Duration = .seconds(10), step: Duration = .milliseconds(10),
                     file: StaticString = #filePath, line: UInt = #line) throws {
            loop.drain()
            var spent: Duration = .zero
            while try !condition() {
                guard spent < limit else {
                    XCTFail("not reached within \(limit) of session time", file: file, line: line)
                    throw TimedOut()
                }
                loop.advance(by: step)
                spent += step
            }
        }

        func touch(_ phase: TouchPhase, id: Int = 1) {
            touches.yield(TouchInput(id: id, phase: phase, x: 50, y: 50, at: loop.now))
            loop.drain()
        }

        func press(_ pen: PenSwitch, down: Bool) throws {
            let host = self.pen
            try on { await host.press(pen, down: down) }
        }
    }

    private func makeRig(pairedPen: String? = nil, configure: (@Sendable (inout PencilPeripheral) -> Void)? = nil,
                         logger: Logger = Logger(label: "pencil-test")) throws -> Rig {
        let loop = TestEventLoop()
        let pen = PencilPeripheralHost(clock: loop.clock, logger: logger, executor: loop)
        if let configure { try loop.run { await pen.configure(configure) } }
        let (touches, touchSink) = AsyncStream<TouchInput>.makeStream()
        let (control, controlSink) = AsyncStream<Bool>.makeStream()
        let recorder = Recorder()
        let actor = PencilActor(radio: pen.radio(clock: loop.clock, logger: logger, executor: loop), centralID: Self.us,
                                pairedPen: pairedPen, touches: touches, pairControl: control, clock: loop.clock, logger: logger,
                                health: HealthMonitor(expected: [PencilActor.name]), status: StatusBoard(order: []),
                                remember: { pen in recorder.remembered.withLock { $0.append(pen) } }, executor: loop)
        let collect = loop.spawn { for await o in actor.outputs { recorder.outputs.withLock { $0.append(o) } } }
        let run = loop.spawn { _ = try? await actor.run() }
        return Rig(loop: loop, pen: pen, actor: actor, touches: touchSink, control: controlSink, recorder: recorder,
                   tasks: [collect, run])
    }

    /// The pencil pressed on the case and lifted together: paired, with the central ID written.
    private func pair(_ rig: Rig) throws {
        try rig.advance(until: { rig.recorder.states == [.unpaired] })
        try rig.press(.tip, down: true)
        rig.touch(.began)
        try rig.advance(until: { rig.recorder.states.last == .connected })
        XCTAssertEqual(rig.recorder.states, [.unpaired, .seeking, .connecting, .connected])
        // Lift the pen: tip-up notification and touch end at the same session time.
        try rig.press(.tip, down: false)
        rig.touch(.ended)
        XCTAssertEqual(rig.recorder.pairings, [rig.pen.address])
    }

    /// Pair → click → separate → reconnect → unpair, end to end.
    func testPairClickSeparateReconnectAndUnpair() throws {
        let rig = try makeRig()
        defer { rig.stop() }
        try pair(rig)

        // FTPenManager.mm: firmware 60 running (> 55) → our ID, little-endian, written once.
        try rig.advance(until: { try rig.peripheral.centralIDWrites.count == 1 }, limit: .seconds(2))
        let writes = try rig.peripheral.centralIDWrites
        XCTAssertEqual(writes, [[0x0D, 0xF0, 0xFE, 0xCA]])
        let listener = try rig.peripheral.hasListenerWrites
        XCTAssertEqual(listener.first, [0x01], "HasListener 01 first, as FTPenServiceClient.mm writes it")

        // A click of the tip (no case touch: not the pairing spot).
        let switchesBefore = rig.recorder.switches.count
        try rig.press(.tip, down: true)
        XCTAssertEqual(rig.recorder.switches.count, switchesBefore + 1, "the press arrives within the drain")
        let pressedAt = rig.elapsed
        rig.loop.advance(by: .milliseconds(120))
        try rig.press(.tip, down: false)
        XCTAssertEqual(rig.recorder.switches.count, switchesBefore + 2, "the release arrives within the drain")
        try rig.advance(until: { !rig.recorder.clicks.isEmpty }, limit: .seconds(1))
        XCTAssertEqual(rig.recorder.clicks.first?.pen, .tip)
        XCTAssertEqual(rig.recorder.clicks.first?.pressedAt, pressedAt)
        XCTAssertEqual(rig.recorder.clicks.first?.held, .milliseconds(120))
        XCTAssertEqual(rig.recorder.states.last, .connected, "a click is not a pairing gesture")

        // Separation: the pen leaves; it advertises us (big-endian) and the actor reconnects, tip not needed.
        try rig.on { await rig.pen.dropLink() }
        try rig.advance(until: { rig.recorder.states.last == .connected && rig.recorder.states.contains(.reconnecting) })
        XCTAssertEqual(Array(rig.recorder.states.suffix(3)), [.disconnected, .reconnecting, .connected])
        let peripheral = try rig.peripheral
        XCTAssertEqual(peripheral.linksServed, 2)
        XCTAssertEqual(peripheral.manufacturerData, [0xCA, 0xFE, 0xF0, 0x0D])

        // Unpair: the pair control held 1.5 s → ShouldPowerOff, the pen goes off, the pairing is forgotten.
        rig.control.yield(true)
        rig.loop.drain()
        try rig.advance(until: { rig.recorder.states.last == .connectedLongPressToUnpair })
        try rig.advance(until: { rig.recorder.states.last == .unpaired }, limit: .seconds(3))
        rig.control.yield(false)
        rig.loop.drain()
        XCTAssertEqual(rig.recorder.pairings, [rig.pen.address, nil])
        XCTAssertEqual(rig.recorder.remembered.withLock { $0 }, [rig.pen.address, nil], "kept, then forgotten, across restarts")
        let off = try rig.peripheral
        XCTAssertFalse(off.isPoweredOn)
        XCTAssertEqual(off.centralID, 0, "the powered-off pen forgot us")
        XCTAssertEqual(off.violations, [])
    }

    /// A first pairing needs the tip pressed when it is first read: a lone case touch without the pen
    /// ends unpaired (FTPenErrorConnectionFailedTipNotPressed) and nothing is written to the pen.
    func testPairingWithoutTheTipPressedFails() throws {
        let rig = try makeRig()
        defer { rig.stop() }
        try rig.advance(until: { rig.recorder.states == [.unpaired] })
        rig.touch(.began)
        try rig.advance(until: { rig.recorder.states.count >= 4 })
        XCTAssertEqual(rig.recorder.states, [.unpaired, .seeking, .connecting, .unpaired])
        XCTAssertEqual(rig.recorder.pairings, [])
        let writes = try rig.peripheral.centralIDWrites
        XCTAssertEqual(writes, [])
    }

    /// v55 firmware: the SDK writes 0x00000001, and the pen's one-byte `01` advertisement reconnects.
    func testLegacyFirmwareGetsCentralIDOneAndReconnectsOnItsOneByteAdvertisement() throws {
        let rig = try makeRig(configure: { p in
            p.firmwareRevision = "55*"
            p.softwareRevision = "54"
            p.advertisesLegacyByte = true
        })
        defer { rig.stop() }
        try pair(rig)
        try rig.advance(until: { try rig.peripheral.centralIDWrites.count == 1 }, limit: .seconds(2))
        let writes = try rig.peripheral.centralIDWrites
        XCTAssertEqual(writes, [[0x01, 0x00, 0x00, 0x00]])
        try rig.on { await rig.pen.dropLink() }
        try rig.advance(until: { rig.recorder.states.suffix(2) == [.reconnecting, .connected] })
    }

    /// With a pairing remembered from an earlier run, the actor starts Disconnected and reconnects to
    /// the pen that advertises us, without any touch.
    func testRememberedPairingReconnectsAtStart() throws {
        let rig = try makeRig(pairedPen: "F5:3C:00:00:00:01", configure: { p in
            _ = p.write(.centralID, PenCentralID.wireBytes(PencilActorTests.us), at: .zero)
        })
        defer { rig.stop() }
        try rig.advance(until: { rig.recorder.states.last == .connected })
        XCTAssertEqual(rig.recorder.states, [.disconnected, .reconnecting, .connected])
        // The battery's first level is ignored; the second (2 s later) is the one reported (FTPenServiceClient.mm).
        try rig.advance(until: {
            rig.recorder.all.contains { if case .information(let i) = $0 { i.batteryLevel == .high } else { false } }
        }, limit: .seconds(5))
        let info = rig.recorder.all.compactMap { if case .information(let i) = $0 { i } else { nil } }.last
        XCTAssertEqual(info?.firmwareRevision, "60")
        XCTAssertEqual(info?.manufacturerName, "FiftyThree, Inc.")
    }
    /// The pen's battery falling into FiftyThree's low band (≤ 25 %) and then its critically low band
    /// (≤ 10 %) is warned once each, naming the pen and its battery; reports within a band are not.
    func testALowPenBatteryWarnsOncePerBandNamingThePenAndItsBattery() throws {
        let logs = LogCapture()
        let rig = try makeRig(pairedPen: "F5:3C:00:00:00:01", configure: { p in
            _ = p.write(.centralID, PenCentralID.wireBytes(PencilActorTests.us), at: .zero)
        }, logger: logs.logger("pencil"))
        defer { rig.stop() }
        func level() -> PenBatteryLevel? {
            rig.recorder.all.compactMap { if case .information(let i) = $0 { i.batteryLevel } else { nil } }.last
        }
        try rig.advance(until: { level() == .high }, limit: .seconds(10))
        let warnings = { logs.all.filter { $0.hasPrefix("<4>") } }  // journal priority 4, warning
        XCTAssertEqual(warnings(), [])
        for (percent, band) in [(UInt8(20), PenBatteryLevel.low), (18, .low), (5, .criticallyLow), (4, .criticallyLow)] {
            let host = rig.pen
            try rig.on { await host.setBattery(percent) }
            try rig.advance(until: { level() == band }, limit: .seconds(1))
            rig.loop.drain()
        }
        XCTAssertEqual(warnings().count, 2, warnings().joined(separator: "\n"))
        XCTAssertEqual(logs.matching("pen battery low: charge the pencil soon").count, 1)
        XCTAssertEqual(logs.matching("pen battery critically low: charge the pencil soon").count, 1)
    }

    /// A script drives the simulated pen: an eraser click arrives as a click held for the scripted time,
    /// and a scripted drop is followed by a reconnection.
    func testScriptedClickAndDrop() throws {
        let rig = try makeRig(pairedPen: "F5:3C:00:00:00:01", configure: { p in
            _ = p.write(.centralID, PenCentralID.wireBytes(PencilActorTests.us), at: .zero)
        })
        defer { rig.stop() }
        try rig.advance(until: { rig.recorder.states.last == .connected })
        // Let the set-up finish (the eraser's subscription) before the script starts.
        try rig.advance(until: { try rig.peripheral.subscriptions.contains(.isEraserPressed) }, limit: .seconds(1))
        let script = PencilScript(PencilScript.click(.eraser, at: .milliseconds(100), held: .milliseconds(200))
                                  + [PencilScript.Step(at: .seconds(1), .dropLink)])
        // The script's times count from when it starts playing, which is no earlier than this.
        let scriptStart = rig.elapsed
        let pen = rig.pen
        let player = rig.loop.spawn { await pen.play(script) }
        defer { player.cancel() }
        try rig.advance(until: { !rig.recorder.clicks.isEmpty }, limit: .seconds(1))
        XCTAssertEqual(rig.recorder.clicks.map(\.pen), [.eraser])
        // Stamped on arrival, which on the test loop is the scripted instant: the click is held
        // exactly as scripted.
        let switches = rig.recorder.switches.filter { $0.pen == .eraser }
        XCTAssertEqual(switches.map(\.isPressed), [true, false])
        XCTAssertEqual(switches.map(\.at), [scriptStart + .milliseconds(100), scriptStart + .milliseconds(300)])
        XCTAssertEqual(rig.recorder.clicks.first?.held, .milliseconds(200))
        try rig.advance(until: { rig.recorder.states.suffix(3) == [.disconnected, .reconnecting, .connected] })
    }
}

struct TimedOut: Error, CustomStringConvertible {
    var description: String { "the awaited condition did not become true in time" }
}
