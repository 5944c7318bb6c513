import Foundation
@testable import Sensors
import XCTest

/// The hard/soft-iron fits recover a known distortion from noisy synthetic turning samples.
final class CompassCalibrationTests: XCTestCase {
    typealias T = CompassTestSupport
    let earth = Vector3(18, 1, 46) // |B| ≈ 49.4 µT
    /// Symmetric soft iron (so W = S⁻¹ exactly) and a hard-iron offset, in µT.
    let softIron = Matrix3(rows: [[1.15, 0.08, -0.04], [0.08, 0.90, 0.06], [-0.04, 0.06, 1.05]])
    let hardIron = Vector3(-32, 14, 27)

    func distorted(_ trueField: Vector3, _ rng: inout SeededGenerator, noise: Double) -> Vector3 {
        softIron * trueField + hardIron + Vector3(rng.gaussian(noise), rng.gaussian(noise), rng.gaussian(noise))
    }

    func testEllipsoidFitRecoversHardAndSoftIron() throws {
        var rng = SeededGenerator(seed: 2026)
        var samples: [Vector3] = []
        for _ in 0..<400 {
            let yaw = Double.random(in: 0..<(2 * .pi), using: &rng)
            let pitch = Double.random(in: -1.2...1.2, using: &rng)
            let roll = Double.random(in: -1.2...1.2, using: &rng)
            samples.append(distorted(T.toBody(earth, yaw: yaw, pitch: pitch, roll: roll), &rng, noise: 0.3))
        }
        let fit = try CompassCalibrationFit.fit(samples, expectedFieldStrength: earth.length)
        XCTAssertEqual(fit.model, .ellipsoid)
        XCTAssertEqual((fit.offset - hardIron).length, 0, accuracy: 0.3)
        let product = fit.softIron * softIron // ≈ identity
        for r in 0..<3 { for c in 0..<3 { XCTAssertEqual(product[r, c], r == c ? 1 : 0, accuracy: 0.01, "W·S[\(r),\(c)]") } }
        XCTAssertLessThan(fit.quality.relativeSpread, 0.02)
        XCTAssertTrue(fit.quality.isGood)
        // A corrected reading gives the true heading back.
        let truth = T.toBody(earth, yaw: T.radians(200), pitch: 0.3, roll: -0.2)
        let gravity = T.toBody(Vector3(0, 0, 1), yaw: T.radians(200), pitch: 0.3, roll: -0.2)
        let raw = softIron * truth + hardIron
        let heading = try XCTUnwrap(TiltCompensation.heading(field: fit.apply(raw), gravity: gravity))
        XCTAssertEqual(T.angleDifference(heading, 200 - atan2(1, 18) * 180 / .pi), 0, accuracy: 1.0)
    }

    func testTurningOnTheSpotFitsAHorizontalEllipse() throws {
        var rng = SeededGenerator(seed: 7)
        let s2 = Matrix3(rows: [[1.2, 0.1, 0], [0.1, 0.85, 0], [0, 0, 1]])
        let offset = Vector3(25, -40, 0)
        var samples: [Vector3] = []
        for i in 0..<120 { // one and a bit turns, level, with sway
            let yaw = Double(i) * 3.3 * .pi / 180
            let truth = T.toBody(earth, yaw: yaw, pitch: 0, roll: 0)
            samples.append(s2 * truth + offset + Vector3(rng.gaussian(0.3), rng.gaussian(0.3), rng.gaussian(0.3)))
        }
        let fit = try CompassCalibrationFit.fit(samples, expectedFieldStrength: 18.03)
        XCTAssertEqual(fit.model, .ellipse, "z hardly varies when only turning")
        XCTAssertEqual(fit.offset.x, 25, accuracy: 0.3)
        XCTAssertEqual(fit.offset.y, -40, accuracy: 0.3)
        for yaw in stride(from: 0.0, to: 360, by: 45) {
            let raw = s2 * T.toBody(earth, yaw: T.radians(yaw), pitch: 0, roll: 0) + offset
            let heading = try XCTUnwrap(TiltCompensation.levelHeading(field: fit.apply(raw)))
            XCTAssertEqual(T.angleDifference(heading, yaw - atan2(1, 18) * 180 / .pi), 0, accuracy: 1.0, "yaw \(yaw)")
        }
        XCTAssertTrue(fit.quality.isGood, "\(fit.quality)")
    }

    func testHalfATurnIsReportedAsPoorCoverage() throws {
        var samples: [Vector3] = []
        for i in 0..<40 { samples.append(T.toBody(earth, yaw: Double(i) * 4.5 * .pi / 180, pitch: 0, roll: 0)) }
        let fit = try CompassCalibrationFit.fitEllipse(samples)
        XCTAssertLessThan(fit.quality.coverageDegrees, 200)
        XCTAssertFalse(fit.quality.isGood)
    }

    func testTooFewOrDegenerateSamplesAreErrors() {
        XCTAssertThrowsError(try CompassCalibrationFit.fit([earth, earth])) {
            XCTAssertEqual($0 as? CompassCalibrationError, .tooFewSamples(have: 2, need: 8))
        }
        XCTAssertThrowsError(try CompassCalibrationFit.fit(Array(repeating: earth, count: 50))) {
            guard case .degenerate? = $0 as? CompassCalibrationError else { return XCTFail("\($0)") }
        }
    }

    func testCalibrationRoundTripsThroughJSON() throws {
        let calibration = CompassCalibration(
            model: .ellipsoid, offset: hardIron, softIron: softIron, fieldStrength: 49.4,
            quality: CompassFitQuality(samples: 400, relativeSpread: 0.01, coverageDegrees: 360), chip: .qmc5883l, address: 0x0D)
        let json = try JSONEncoder().encode(calibration)
        XCTAssertEqual(try JSONDecoder().decode(CompassCalibration.self, from: json), calibration)
        XCTAssertTrue(String(decoding: json, as: UTF8.self).contains("\"unit\":\"uT\""))
        let bad = Data(#"{"model":"ellipsoid","offset":{"x":0,"y":0,"z":0},"softIron":[[1,0],[0,1]],"fieldStrength":1,"unit":"uT","quality":{"samples":1,"relativeSpread":0,"coverageDegrees":0}}"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(CompassCalibration.self, from: bad), "a 2×2 matrix is rejected, not a crash")
    }
}
