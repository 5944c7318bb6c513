import Foundation
@testable import Sensors
import XCTest

/// The calibration session: progress the wearer can feel, a circle that must really be closed, readings
/// that cannot be a field left out, and a fit that undoes the distortion.
final class CompassCalibrationSessionTests: XCTestCase {
    typealias T = CompassTestSupport
    let earth = Vector3(18, 1, 46)
    let softIron = Matrix3(rows: [[1.2, 0.1, 0], [0.1, 0.85, 0], [0, 0, 1]])
    let hardIron = Vector3(60, -45, 10)  // bigger than the field itself, as near a belt buckle

    func raw(yaw degrees: Double, _ rng: inout SeededGenerator) -> Vector3 {
        exact(yaw: degrees) + Vector3(rng.gaussian(0.3), rng.gaussian(0.3), rng.gaussian(0.3))
    }

    func exact(yaw degrees: Double) -> Vector3 {
        softIron * T.toBody(earth, yaw: T.radians(degrees), pitch: 0, roll: 0) + hardIron
    }

    func testProgressGrowsInSectorsAsTheWearerTurnsAndCompletesAtAFullCircle() throws {
        var rng = SeededGenerator(seed: 11)
        var session = CompassCalibrationSession()
        var progress: [Int] = []
        var completedAt: Double?
        // 30°/s at 20 Hz: 1.5° a sample, one and a half turns.
        for step in 0..<360 {
            let yaw = Double(step) * 1.5
            for event in session.add(raw(yaw: yaw, &rng)) {
                switch event {
                case .progress(let degrees): progress.append(degrees)
                case .complete: completedAt = completedAt ?? yaw
                case .rejected(let why): XCTFail("rejected a good reading: \(why)")
                }
            }
        }
        XCTAssertEqual(progress, progress.sorted(), "progress never goes back")
        XCTAssertEqual(Set(progress).count, progress.count, "each step is reported once")
        XCTAssertEqual(progress.last, 360)
        XCTAssertTrue(progress.allSatisfy { $0 % 30 == 0 })
        let closed = try XCTUnwrap(completedAt)
        XCTAssertGreaterThan(closed, 330, "the circle is not closed before the wearer has turned nearly all of it")
        XCTAssertLessThan(closed, 420)
        XCTAssertTrue(session.isComplete)
        XCTAssertLessThanOrEqual(session.kept.count, 36 * session.settings.perBin, "at most perBin samples per 10°")

        let calibration = try session.finish(chip: .qmc5883l, address: 0x0D, fittedAt: 1_790_000_000)
        XCTAssertEqual(calibration.chip, .qmc5883l)
        XCTAssertEqual(calibration.address, 0x0D)
        XCTAssertEqual(calibration.fittedAt, 1_790_000_000)
        XCTAssertTrue(calibration.quality.isGood, "\(calibration.quality)")
        let declinationOfField = atan2(1.0, 18.0) * 180 / Double.pi
        for yaw in stride(from: 0.0, to: 360, by: 30) {
            let heading = try XCTUnwrap(TiltCompensation.levelHeading(field: calibration.apply(exact(yaw: yaw))))
            XCTAssertEqual(T.angleDifference(heading, yaw - declinationOfField), 0, accuracy: 1.0, "yaw \(yaw)")
        }
    }

    func testStandingStillShowsNoProgressAndCannotBeFitted() {
        var rng = SeededGenerator(seed: 3)
        var session = CompassCalibrationSession()
        var events: [CompassCalibrationSession.Event] = []
        for _ in 0..<200 { events += session.add(raw(yaw: 45, &rng)) }
        XCTAssertEqual(events, [], "noise around one heading is not a turn")
        XCTAssertEqual(session.coveredDegrees, 0)
        XCTAssertEqual(session.kept.count, session.settings.perBin, "repeats at one heading are not all kept")
        XCTAssertThrowsError(try session.finish()) { error in
            XCTAssertEqual(error as? CompassCalibrationError,
                           .tooFewSamples(have: session.kept.count, need: session.settings.minimumSamples))
        }
    }

    func testHalfATurnIsAnIncompleteTurnError() {
        var rng = SeededGenerator(seed: 5)
        var settings = CompassCalibrationSession.Settings()
        settings.minimumSamples = 10
        var session = CompassCalibrationSession(settings: settings)
        for step in 0..<120 { _ = session.add(raw(yaw: Double(step) * 1.5, &rng)) }
        XCTAssertFalse(session.isComplete)
        XCTAssertThrowsError(try session.finish()) { error in
            guard case let .incompleteTurn(degrees) = error as? CompassCalibrationError else { return XCTFail("\(error)") }
            XCTAssertLessThan(degrees, 360)
            XCTAssertTrue("\(error)".contains("turn slowly all the way round"))
        }
    }

    func testReadingsThatCannotBeAFieldAreRejectedAndLeftOut() {
        var rng = SeededGenerator(seed: 9)
        var session = CompassCalibrationSession()
        for step in 0..<20 { _ = session.add(raw(yaw: Double(step) * 3, &rng)) }
        let kept = session.kept.count
        XCTAssertEqual(session.add(Vector3(.nan, 0, 0)), [.rejected("a reading that is not a number")])
        XCTAssertEqual(session.add(.zero), [.rejected("an all-zero reading (the sensor is not measuring)")])
        guard case .rejected(let why)? = session.add(Vector3(4000, 0, 0)).first else { return XCTFail("a magnet was accepted") }
        XCTAssertTrue(why.contains("4000 µT"), why)
        XCTAssertEqual(session.kept.count, kept)
        XCTAssertEqual(session.rejected, 3)
        XCTAssertEqual(session.received, 23)
    }
}
