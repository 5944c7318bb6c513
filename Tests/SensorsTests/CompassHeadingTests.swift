import Foundation
@testable import Sensors
import XCTest

/// Heading from known fields, level and tilted (NED body frame, as in `TiltCompensation`).
final class CompassHeadingTests: XCTestCase {
    typealias T = CompassTestSupport
    /// Osnabrück-like field in NED: 18 µT north, 1 µT east, 46 µT down.
    let earth = Vector3(18, 1, 46)
    let gravity = Vector3(0, 0, 1)

    func testLevelHeadingAtTheCardinalPoints() throws {
        let north = Vector3(20, 0, 45)
        for (yaw, expected) in [(0.0, 0.0), (90, 90), (180, 180), (270, 270)] {
            let body = T.toBody(north, yaw: T.radians(yaw), pitch: 0, roll: 0)
            let heading = try XCTUnwrap(TiltCompensation.levelHeading(field: body))
            XCTAssertEqual(T.angleDifference(heading, expected), 0, accuracy: 1e-9, "yaw \(yaw)")
        }
    }

    func testTiltCompensatedHeadingRecoversYawUnderPitchAndRoll() throws {
        let declinationOfField = atan2(earth.y, earth.x) * 180 / .pi
        for yaw in stride(from: 0.0, to: 360, by: 30) {
            for (pitch, roll) in [(0.0, 0.0), (20, 0), (0, -25), (-30, 15), (45, 40)] {
                let (y, p, r) = (T.radians(yaw), T.radians(pitch), T.radians(roll))
                let field = T.toBody(earth, yaw: y, pitch: p, roll: r)
                let accel = T.toBody(gravity, yaw: y, pitch: p, roll: r)
                let heading = try XCTUnwrap(TiltCompensation.heading(field: field, gravity: accel))
                XCTAssertEqual(T.angleDifference(heading, yaw - declinationOfField), 0, accuracy: 1e-9,
                               "yaw \(yaw) pitch \(pitch) roll \(roll)")
            }
        }
    }

    /// The heading carries the strength of the horizontal field it came from, the same tilted or
    /// level: what the field check compares with the Earth's.
    func testTheHeadingCarriesTheHorizontalFieldStrengthTiltedOrLevel() throws {
        let horizontal = (earth.x * earth.x + earth.y * earth.y).squareRoot()
        for (pitch, roll) in [(0.0, 0.0), (20, 0), (-30, 15), (45, 40)] {
            let (y, p, r) = (T.radians(70), T.radians(pitch), T.radians(roll))
            let sample = CompassSample(field: T.toBody(earth, yaw: y, pitch: p, roll: r))
            let heading = try XCTUnwrap(CompassHeadingEstimator().heading(from: sample, gravity: T.toBody(gravity, yaw: y, pitch: p, roll: r), at: .zero))
            XCTAssertEqual(try XCTUnwrap(heading.horizontalField), horizontal, accuracy: 1e-9, "pitch \(pitch) roll \(roll)")
        }
        let fused = CompassHeadingEstimator().heading(from: CompassSample(orientation: EulerAngles(heading: 10, roll: 0, pitch: 0)), at: .zero)
        XCTAssertNil(fused?.horizontalField, "a fused sensor's heading has no field to check")
    }

    func testUncompensatedHeadingIsWrongWhenTilted() throws {
        let field = T.toBody(earth, yaw: T.radians(90), pitch: T.radians(20), roll: 0)
        let level = try XCTUnwrap(TiltCompensation.levelHeading(field: field))
        XCTAssertGreaterThan(abs(T.angleDifference(level, 90 - atan2(1, 18) * 180 / .pi)), 10,
                             "the vertical field leaks into x: why tilt compensation is needed")
    }

    func testAttitudeFromGravity() throws {
        let accel = T.toBody(gravity, yaw: 1.0, pitch: T.radians(-20), roll: T.radians(35))
        let attitude = try XCTUnwrap(TiltCompensation.attitude(gravity: accel))
        XCTAssertEqual(attitude.roll * 180 / .pi, 35, accuracy: 1e-9)
        XCTAssertEqual(attitude.pitch * 180 / .pi, -20, accuracy: 1e-9)
    }

    func testNoHeadingInFreeFallOrWithAVerticalField() {
        XCTAssertNil(TiltCompensation.heading(field: earth, gravity: .zero))
        XCTAssertNil(TiltCompensation.levelHeading(field: Vector3(0, 0, 50)))
    }
}
