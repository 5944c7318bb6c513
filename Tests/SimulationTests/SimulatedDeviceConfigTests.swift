import Config
import Simulation
import WayfinderTestKit
import XCTest

/// `[simulation]` keys of the simulated I2C devices: the receiver's protocol and the compass's
/// distortion, each checked with the key path and what to do.
final class SimulatedDeviceConfigTests: XCTestCase {
    let loader = ConfigurationLoader.appliance(boards: BoardCatalog(directories: [Repository.boards]))

    func config(_ simulation: String) -> String {
        """
        board = "sim"
        [route]
        gpx = "\(Repository.demoRoute)"
        [simulation]
        \(simulation)
        """
    }

    func issues(_ simulation: String) -> [ConfigIssue] {
        do {
            _ = try loader.load(text: config(simulation), path: "/tmp/x.toml")
            return []
        } catch {
            return error.issues
        }
    }

    func testProtocolAndDistortionAreRead() throws {
        let c = try loader.load(text: config("""
            gps_protocol = "both"
            compass_hard_iron_ut = [25, -12.5, 8]
            compass_soft_iron = [[1.1, 0.05, 0], [0.05, 0.9, 0], [0, 0, 1]]
            [[simulation.events]]
            at = "2:00"
            compass_outage_s = 30
            """), path: "/tmp/x.toml")
        XCTAssertEqual(c.simulation?.gpsProtocol, .both)
        XCTAssertEqual(c.simulation?.compassHardIron, [25, -12.5, 8])
        XCTAssertEqual(c.simulation?.compassSoftIron, [1.1, 0.05, 0, 0.05, 0.9, 0, 0, 0, 1])
        XCTAssertEqual(c.simulation?.events.first?.action, .compassOutage(.seconds(30)))
    }

    func testDefaultsAreNMEAAndAnUndistortedCompass() throws {
        let c = try loader.load(text: config("seed = 1"), path: "/tmp/x.toml")
        XCTAssertEqual(c.simulation?.gpsProtocol, .nmea)
        XCTAssertEqual(c.simulation?.compassHardIron, [0, 0, 0])
        XCTAssertEqual(c.simulation?.compassSoftIron, SimulationConfiguration.identitySoftIron)
    }

    func testBadValuesNameTheKeyAndSayWhatIsExpected() {
        let found = issues("""
            gps_protocol = "sirf"
            compass_hard_iron_ut = [25, 600, 0]
            compass_soft_iron = [[1, 0, 0], [0, 1, 0]]
            """)
        XCTAssertEqual(found.map(\.keyPath), ["simulation.gps_protocol", "simulation.compass_hard_iron_ut", "simulation.compass_soft_iron"])
        XCTAssertTrue(found[0].message.contains("\"nmea\", \"ubx\", \"both\""), found[0].message)
        XCTAssertTrue(found[1].message.contains("±400 µT"), found[1].message)
        XCTAssertTrue(found[2].message.contains("3×3"), found[2].message)
        let singular = issues("compass_soft_iron = [[1, 0, 0], [1, 0, 0], [0, 0, 1]]")
        XCTAssertEqual(singular.map(\.keyPath), ["simulation.compass_soft_iron"])
        XCTAssertTrue(singular.first?.message.contains("singular") ?? false)
        XCTAssertEqual(issues("compass_hard_iron_ut = [1, 2]").map(\.keyPath), ["simulation.compass_hard_iron_ut"])
    }
}
