import Belt
import Config
import Simulation
import XCTest

extension DemoRouteIntegrationTests {
    /// The wearer switches the belt off two minutes into the demo walk and on again four minutes
    /// later: the log says so at notice, nothing is warned (no "connection lost", no failed attempt),
    /// the belt is connected exactly twice (no attempt while it is off), and the walk reaches its
    /// destination with the belt guiding again, without a command.
    func testTheBeltSwitchedOffAndOnDuringTheWalkIsNoWarningAndTheWalkReachesItsDestination() async throws {
        var config = try demoConfiguration { _ in false }
        config.simulation?.events = [
            SimulationEvent(at: .seconds(120), action: .beltButton(.power, .long)),
            SimulationEvent(at: .seconds(360), action: .beltButton(.power, .long)),
        ]
        let (world, _, logs, _) = try await walk(config)
        let all = logs.all.joined(separator: "\n")
        XCTAssertEqual(logs.matching("destination reached").count, 1, String(all.suffix(3000)))
        XCTAssertEqual(logs.matching("<5>belt: the wearer switched the belt off").count, 1, String(all.suffix(3000)))
        XCTAssertEqual(logs.matching("<5>belt: belt connected: the wearer switched it on again; the walk resumes").count, 1)
        let warnings = logs.all.filter { ["<0>", "<1>", "<2>", "<3>", "<4>"].contains(String($0.prefix(3))) }
        XCTAssertEqual(warnings, [], "no warning line at all")
        XCTAssertEqual(logs.matching("belt connection attempt").count, 0, "no attempt while the belt is off")
        XCTAssertEqual(logs.matching("the belt advertises again; connecting").count, 1)
        XCTAssertEqual(world.belt.mode, .wait, "handed back to wait mode at the walk's end")
    }
}
