import Config
import Controls
import Gestures
import Navigation
import Platform
@testable import Runtime
import Simulation
import Synchronization
import WayfinderTestKit
import XCTest

/// The touch case and the Pencil end to end on the simulated board: a scripted touch becomes touch
/// records from the simulated Fuffr's GATT server, the touch case actor decodes them, the gesture
/// pipeline recognizes the gesture and the navigation actor obeys the bound command; a scripted pen
/// click travels the Pencil simulator's GATT notifications, the pencil actor and the click map.
///
/// Run at 10× (not the walk tests' 300×): touch timing is session time, so real-time scheduling
/// jitter is multiplied by the acceleration, and a 150 ms swipe must stay well under its 500 ms limit.
final class TouchInputIntegrationTests: XCTestCase {
    final class Observations: Sendable {
        let all = Mutex<[NavigationObservation]>([])
        var events: [GuidanceEvent] {
            all.withLock { $0.compactMap { if case .report(let e) = $0.action { e } else { nil } } }
        }
    }

    /// The demo's configuration with only `events` in its script.
    func configuration(_ events: [SimulationEvent]) throws -> WayfinderConfiguration {
        var c = try ConfigurationLoader.appliance(boards: BoardCatalog(directories: [Repository.boards])).load(path: Repository.demoConfig)
        c.simulation?.events = events
        return c
    }

    /// Runs the appliance at 10× until `done` holds for what navigation reported (or 40 s real).
    func run(_ config: WayfinderConfiguration, until done: @escaping @Sendable ([GuidanceEvent]) -> Bool) async throws
        -> (events: [GuidanceEvent], logs: LogCapture, board: SimulatedBoard?) {
        try await run(config, logs: LogCapture(level: .info), until: done)
    }

    func run(_ config: WayfinderConfiguration, logs: LogCapture, until done: @escaping @Sendable ([GuidanceEvent]) -> Bool) async throws
        -> (events: [GuidanceEvent], logs: LogCapture, board: SimulatedBoard?) {
        let observations = Observations()
        let directory = NSTemporaryDirectory() + "wayfinder-touch-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        var options = Appliance.Options()
        options.acceleration = 10
        options.freshStart = true
        options.stateDirectory = directory
        options.shutdownSignals = []
        options.navigationObserver = { o in observations.all.withLock { $0.append(o) } }
        let (appliance, board) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options) { logs.logger($0) }
        let stopper = Task {
            // The simulated case answers over a socketpair on the peripherals' loop, the appliance on
            // the process's: polled, bounded; stopped either way, and the caller checks the events.
            do {
                try await eventually("the walk to be done", timeout: .seconds(40), every: .milliseconds(50)) { done(observations.events) }
            } catch is DeadlineExceeded {}
            await appliance.group.triggerGracefulShutdown()
        }
        try await appliance.run()
        stopper.cancel()
        return (observations.events, logs, board)
    }

    func testAScriptedSwipeOnTheCaseSkipsAWaypoint() async throws {
        let swipe = SimulatedTouch(.swipe(.right), on: .right)
        let config = try configuration([SimulationEvent(at: .seconds(30), action: .touch(swipe))])
        let (events, logs, board) = try await run(config) { events in
            events.contains { if case .skipped = $0 { true } else { false } }
        }
        let skipped = events.compactMap { if case .skipped(let to, _) = $0 { to } else { nil } }
        XCTAssertEqual(skipped.count, 1, logs.all.suffix(30).joined(separator: "\n"))
        XCTAssertEqual(logs.matching("gesture swipe-right recognized; next-waypoint").count, 1)
        // The case was woken by navigation starting (power saving) and ran the real enable sequence.
        let operations = await board?.touchCase.operations ?? []
        XCTAssertTrue(operations.contains("write FFF1 00 00"), "\(operations)")
        XCTAssertEqual(operations.last { $0.hasPrefix("write FFF1") }, "write FFF1 07 02", "right+bottom+left, 2 touches (wire bitmap: bit 0 right, 1 bottom, 2 left)")
        let violations = await board?.touchCase.violations ?? ["no board"]
        XCTAssertEqual(violations, [])
    }

    /// A swipe on a side the binding does not name is recognized by nothing: no skip.
    func testASwipeOnAnUnboundSideDoesNothing() async throws {
        let swipe = SimulatedTouch(.swipe(.right), on: .left)
        let tap = SimulatedTouch(.doubleTap, on: .left)
        // The double tap afterwards (any side) pauses: proof that the left side's touches did arrive.
        let config = try configuration([SimulationEvent(at: .seconds(30), action: .touch(swipe)),
                                        SimulationEvent(at: .seconds(35), action: .touch(tap))])
        let (events, logs, _) = try await run(config) { events in events.contains(.paused) }
        XCTAssertTrue(events.contains(.paused), logs.all.suffix(30).joined(separator: "\n"))
        XCTAssertFalse(events.contains { if case .skipped = $0 { true } else { false } })
    }

    /// A slow drag down the left side, bound to `intensity-down` in steps of 0.2: the simulated case's
    /// touch records travel 0.45 in 2 s, two steps, each lowering the belt's default intensity 10 %.
    /// `pan-up` shares the stroke and makes nothing going down.
    func testADragAlongASideStepsTheBeltIntensity() async throws {
        let drag = SimulatedTouch(.pan(.down), on: .left)
        var config = try configuration([SimulationEvent(at: .seconds(30), action: .touch(drag))])
        config.gestures.bindings += [
            GestureBinding(.pan(.down), sides: [.left], parameters: ["step": 0.2], command: .intensityDown),
            GestureBinding(.pan(.up), sides: [.left], parameters: ["step": 0.2], command: .intensityUp),
        ]
        let logs = LogCapture(level: .info)
        _ = try await run(config, logs: logs) { _ in logs.matching("default intensity now 40%").count == 1 }
        XCTAssertEqual(logs.matching("gesture pan-down recognized; intensity-down").count, 2, logs.all.suffix(30).joined(separator: "\n"))
        XCTAssertEqual(logs.matching("default intensity now").map { String($0.suffix(3)) }, ["50%", "40%"])
        XCTAssertEqual(logs.matching("pan-up").count, 0)
    }

    /// Bindings restricted to touch classes on the simulated board, with the simulated pen connected:
    /// a finger's swipe on the case fires the finger binding; the same swipe with the pen's tip
    /// clicked over it (as a pen stroke presses the tip) reads pen through the classifier and fires
    /// the pen binding only. The tip's click is bound to nothing, so it does nothing of its own.
    func testAFingersSwipeAndAPenStrokeFireTheirOwnBindings() async throws {
        let swipe = SimulatedTouch(.swipe(.right), on: .right)
        var config = try configuration([SimulationEvent(at: .seconds(30), action: .touch(swipe)),
                                        SimulationEvent(at: .seconds(40), action: .touch(swipe)),
                                        SimulationEvent(at: .seconds(40), action: .penClick("tip", held: .milliseconds(140)))])
        config.gestures = GestureCommandMap([
            GestureBinding(.swipe(.right), sides: [.right], touchClasses: [.finger], command: .nextWaypoint),
            GestureBinding(.swipe(.right), sides: [.right], touchClasses: [.pen], command: .previousWaypoint),
        ])
        let logs = LogCapture(level: .info)
        let (events, _, _) = try await run(config, logs: logs) { events in
            events.contains { if case .wentBack = $0 { true } else { false } }
        }
        let moves = events.compactMap { e -> String? in
            switch e {
            case .skipped: "skipped"
            case .wentBack: "went back"
            default: nil
            }
        }
        XCTAssertEqual(moves, ["skipped", "went back"], logs.all.suffix(40).joined(separator: "\n"))
        XCTAssertEqual(logs.matching("gesture swipe-right recognized; next-waypoint").count, 1)
        XCTAssertEqual(logs.matching("gesture swipe-right recognized; previous-waypoint").count, 1)
    }

    /// A GPIO line made the pair control, pressed on the simulated board while the pen is married:
    /// the pencil actor takes it as its pairing spot (the SDK's long-press-to-unpair state, scanning
    /// for a pen to hand over to), and its release ends that with the pen still paired.
    func testThePairControlButtonIsThePencilsPairingSpot() async throws {
        var config = try configuration([SimulationEvent(at: .seconds(30), action: .pressButton(line: 5, long: false))])
        config.buttons.pairPencilLine = 5
        let logs = LogCapture(level: .info)
        _ = try await run(config, logs: logs) { _ in logs.matching("GPIO5 pair control released").count == 1 }
        let pencil = logs.matching("pencil: ").map { $0.replacingOccurrences(of: "<6>pencil: ", with: "") }
        let held = try XCTUnwrap(pencil.firstIndex(of: "connected, long press to unpair"), logs.all.suffix(40).joined(separator: "\n"))
        XCTAssertEqual(pencil[held...].prefix(2), ["connected, long press to unpair", "connected"], "\(pencil)")
        XCTAssertEqual(logs.matching("GPIO5 pair control held").count, 1)
    }

    func testAPencilClickPauses() async throws {
        var config = try configuration([SimulationEvent(at: .seconds(30), action: .penClick("tip", held: .milliseconds(120)))])
        config.gestures.clicks[PenClickGesture(penSwitch: .tip, isLong: false)] = .togglePause
        let (events, logs, board) = try await run(config) { events in events.contains(.paused) }
        XCTAssertTrue(events.contains(.paused), logs.all.suffix(30).joined(separator: "\n"))
        XCTAssertEqual(events.filter { $0 == .paused }.count, 1)
        let writes = await board?.pencil.peripheral.centralIDWrites ?? []
        XCTAssertEqual(writes.last, PenCentralIDBytes.board, "the pen reconnected to us and got our central ID again")
    }
}

/// `SimulatedBoard.pencilCentralID` as the pen receives it: little-endian (FiftyThree SDK
/// `FTPenServiceClient.mm`, `setCentralId:`).
enum PenCentralIDBytes {
    static let board: [UInt8] = [0x31, 0x4D, 0x49, 0x57]
}
