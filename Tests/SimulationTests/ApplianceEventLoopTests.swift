import Config
import Platform
import Runtime
import Simulation
import WayfinderTestKit
import XCTest

/// The appliance's actors share the process's event loop, so a message between them is a queue append
/// on one thread, not a thread hand-off; the simulated devices run on a loop of their own
/// (docs/architecture.md).
final class ApplianceEventLoopTests: XCTestCase {
    func testEveryActorOfTheApplianceRunsOnTheEventLoopAndTheSimulatedBoardOnItsOwn() async throws {
        let config = try ConfigurationLoader.appliance(boards: BoardCatalog(directories: [Repository.boards]))
            .load(path: Repository.demoConfig)
        let directory = NSTemporaryDirectory() + "wayfinder-loop-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        var options = Appliance.Options()
        options.freshStart = true
        options.stateDirectory = directory
        options.shutdownSignals = []
        let logs = LogCapture(level: .info)
        let (appliance, board) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options) { logs.logger($0) }
        let touchCase = try XCTUnwrap(appliance.touchCase, "the demo enables the touch case")
        let pencil = try XCTUnwrap(appliance.pencil, "the demo enables the pencil")
        let simulated = try XCTUnwrap(board, "the demo runs on the simulated board")
        XCTAssertFalse(EventLoop.shared.isLoopThread, "the test itself runs elsewhere")
        let onLoop = [
            ("belt", await appliance.belt.runsOnTheEventLoop()),
            ("navigation", await appliance.navigation.runsOnTheEventLoop()),
            ("gestures", await appliance.gestures.runsOnTheEventLoop()),
            ("buttons", await appliance.buttons.runsOnTheEventLoop()),
            ("touch case", await touchCase.runsOnTheEventLoop()),
            ("pencil", await pencil.runsOnTheEventLoop()),
        ]
        XCTAssertEqual(onLoop.filter { !$0.1 }.map(\.0), [], "actors off the event loop")
        let boardOnItsLoop = await simulated.runsOnThePeripheralsLoop()
        XCTAssertTrue(boardOnItsLoop, "the simulated devices have a loop of their own")
    }
}

extension BeltActor { func runsOnTheEventLoop() -> Bool { EventLoop.shared.isLoopThread } }
extension NavigationActor { func runsOnTheEventLoop() -> Bool { EventLoop.shared.isLoopThread } }
extension GestureActor { func runsOnTheEventLoop() -> Bool { EventLoop.shared.isLoopThread } }
extension ButtonActor { func runsOnTheEventLoop() -> Bool { EventLoop.shared.isLoopThread } }
extension TouchCaseActor { func runsOnTheEventLoop() -> Bool { EventLoop.shared.isLoopThread } }
extension PencilActor { func runsOnTheEventLoop() -> Bool { EventLoop.shared.isLoopThread } }
extension SimulatedBoard { func runsOnThePeripheralsLoop() -> Bool { EventLoop.peripherals.isLoopThread } }
