import Config
import Platform
import Sensors
import WayfinderTestKit
import XCTest

/// `[compass]` mounting keys: which chip axes face forward, right and down, and the accelerometer for
/// tilt compensation; mistakes are reported at their key with what to write instead.
final class CompassMountingConfigTests: XCTestCase {
    let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles())

    func load(_ compass: String) throws(ConfigError) -> WayfinderConfiguration {
        try loader.load(text: """
            board = "pi-4b"
            [route]
            gpx = "\(Repository.demoRoute)"
            [compass]
            \(compass)
            """, path: "/etc/wayfinder/wayfinder.toml")
    }

    func issues(_ compass: String) -> [ConfigIssue] {
        do {
            _ = try load(compass)
            XCTFail("accepted: \(compass)")
            return []
        } catch {
            return error.issues
        }
    }

    func testWithoutMountingKeysTheChipAxesAreTheBodyAxesAndThereIsNoAccelerometer() throws {
        let c = try load("source = \"auto\"")
        XCTAssertEqual(c.compassMounting.axes, .identity)
        XCTAssertEqual(c.compassMounting.accelerometer, .none)
    }

    func testAxesAndANamedAccelerometerAreRead() throws {
        let c = try load("""
            source = "qmc5883l"
            axes = "-y +x +z"
            accelerometer = "adxl345"
            accelerometer_address = 0x1D
            accelerometer_axes = "+x -y -z"
            """)
        XCTAssertEqual(c.compassMounting.axes.description, "-y +x +z")
        XCTAssertEqual(c.compassMounting.accelerometer, .chip(.adxl345, address: 0x1D))
        XCTAssertEqual(c.compassMounting.accelerometerAxes.apply(Vector3(1, 2, 3)), Vector3(1, -2, -3))
    }

    func testMistakesAreReportedAtTheirKeys() {
        let found = issues("""
            source = "auto"
            axes = "+x +x +z"
            accelerometer = "mpu6050"
            """)
        XCTAssertEqual(found.map(\.keyPath), ["compass.axes", "compass.accelerometer"])
        XCTAssertEqual(found.first?.message, "\"+x +x +z\" each of x, y and z must appear once")
        XCTAssertTrue(found.last?.message.contains("adxl345") ?? false, found.last?.message ?? "")
    }

    func testAnAccelerometerBesideTheFusedBNO055IsAnError() {
        let found = issues("source = \"bno055\"\naccelerometer = \"auto\"")
        XCTAssertEqual(found.map(\.keyPath), ["compass.accelerometer"])
        XCTAssertEqual(found.first?.message, "the BNO055 fuses its own accelerometer; remove this key")
    }

    func testAnAccelerometerAddressNeedsANamedAccelerometer() {
        XCTAssertEqual(issues("source = \"auto\"\naccelerometer_address = 0x53").map(\.keyPath), ["compass.accelerometer_address"])
        XCTAssertEqual(issues("source = \"auto\"\naccelerometer = \"auto\"\naccelerometer_address = 0x53").map(\.keyPath),
                       ["compass.accelerometer_address"])
    }
}
