import Config
import Navigation
import Platform
@testable import Runtime
@testable import Simulation
import Synchronization
import TripReport
import WayfinderTestKit
import XCTest

/// The appliance is assembled from one list of members (`ApplianceMember`): every registered actor
/// is watched, has its place on the status line, a fault route and a supervised service, and the
/// simulation script's `fail_actor` can name each of them. A touch-case fault goes the way every
/// other actor's does: its run loop throws, the supervisor restarts it, and it works again.
final class ApplianceMembersTests: XCTestCase {
    func configuration(_ events: [SimulationEvent] = []) throws -> WayfinderConfiguration {
        var c = try ConfigurationLoader.appliance(boards: BoardCatalog(directories: [Repository.boards])).load(path: Repository.demoConfig)
        c.simulation?.events = events
        return c
    }

    func options(_ directory: String) -> Appliance.Options {
        var options = Appliance.Options()
        options.acceleration = 10
        options.freshStart = true
        options.stateDirectory = directory
        options.shutdownSignals = []
        return options
    }

    func temporaryDirectory() -> String {
        let directory = NSTemporaryDirectory() + "wayfinder-members-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        return directory
    }

    func testEveryRegisteredActorIsWatchedPlacedRoutedAndRun() throws {
        let logs = LogCapture()
        let (appliance, _) = try Appliance.buildOnConfiguredBoard(configuration: try configuration(),
                                                                  options: options(temporaryDirectory())) { logs.logger($0) }
        let names = appliance.actorNames
        XCTAssertEqual(names, ["belt", "navigation", "gestures", "buttons", "touch-case", "pencil"],
                       "the demo has every device; the list's order is the services' start order")
        XCTAssertEqual(appliance.health.expected, names)
        XCTAssertEqual(appliance.serviceNames, names)
        XCTAssertEqual(appliance.faultRoutes, Set(names))
        XCTAssertEqual(appliance.status.partOrder, ["navigation", "belt", "gestures", "buttons", "touch-case", "pencil", "configuration"],
                       "the walk leads the status line, the devices follow in the list's order")
        XCTAssertEqual(Set(SimulationConfiguration.actorNames), Set(names), "the script's fail_actor names every actor, and only those")
    }

    func testWithoutTheTouchCaseItIsInNoneOfTheLists() throws {
        var config = try configuration()
        config.touchCase.enabled = false
        let logs = LogCapture()
        let (appliance, _) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options(temporaryDirectory())) { logs.logger($0) }
        XCTAssertFalse(appliance.actorNames.contains("touch-case"))
        XCTAssertFalse(appliance.health.expected.contains("touch-case"), "a case that is not there is not waited for")
        XCTAssertFalse(appliance.serviceNames.contains("touch-case"))
        XCTAssertFalse(appliance.faultRoutes.contains("touch-case"))
    }

    /// `fail_actor = "touch-case"` at 20 s: the touch case's run loop throws, the supervisor logs it,
    /// journals the restart and runs it again; a swipe at 30 s is still recognized, so the restarted
    /// loop hears the case's link (its forwarder outlived the failure), and the status line shows the
    /// case's part again.
    func testATouchCaseFaultReachesItsRunLoopAndTheRestartedActorWorks() async throws {
        let swipe = SimulatedTouch(.swipe(.right), on: .right)
        let config = try configuration([SimulationEvent(at: .seconds(20), action: .failActor("touch-case")),
                                        SimulationEvent(at: .seconds(30), action: .touch(swipe))])
        let directory = temporaryDirectory()
        let logs = LogCapture(level: .info)
        let skipped = Mutex(false)
        var options = options(directory)
        options.navigationObserver = { o in
            if case .report(.skipped) = o.action { skipped.withLock { $0 = true } }
        }
        let (appliance, _) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options) { logs.logger($0) }
        let statusLines = Mutex<[String]>([])
        // The simulated board's devices answer over real sockets on their own loop, so the walk is
        // waited for (bounded, polling the condition) rather than drained.
        let stopper = Task {
            do {
                try await eventually("the swipe's skip", timeout: .seconds(40), every: .milliseconds(50)) {
                    statusLines.withLock { $0.append(appliance.status.line) }
                    return skipped.withLock { $0 }
                }
            } catch is DeadlineExceeded {}
            statusLines.withLock { $0.append(appliance.status.line) }
            await appliance.group.triggerGracefulShutdown()
        }
        try await appliance.run()
        stopper.cancel()

        let text = logs.all.suffix(40).joined(separator: "\n")
        XCTAssertEqual(logs.matching("touch-case actor failed: injected failure").count, 1, text)
        XCTAssertEqual(logs.matching("touch-case actor restarted").count, 1, text)
        XCTAssertTrue(skipped.withLock { $0 }, "the swipe after the restart was recognized: \(text)")
        // The case's part sits between the belt's and the pencil's, as the list orders them.
        let line = try XCTUnwrap(statusLines.withLock { $0.last })
        let parts = line.components(separatedBy: "; ")
        XCTAssertEqual(parts.count, 4, line)
        XCTAssertTrue(parts.first?.hasPrefix("navigating") == true, line)
        XCTAssertTrue(parts.dropFirst().first?.hasPrefix("belt ") == true, line)
        XCTAssertEqual(parts.dropFirst(2).first, "touch case connected", line)
        XCTAssertTrue(parts.last?.hasPrefix("pencil ") == true, line)
        let tracks = "\(directory)/\(TrackArchive.directoryName)"
        let journalFile = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: tracks).first { $0.hasSuffix(".events.jsonl") })
        let journal = TripJournalFormat.read(try String(contentsOfFile: "\(tracks)/\(journalFile)", encoding: .utf8))
        XCTAssertEqual(journal.events.filter { $0.kind == .restart }.map(\.device), ["touch-case"])
    }
}
