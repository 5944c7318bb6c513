import Foundation
@testable import Gestures
import XCTest

/// Rotation (`UIRotationGestureRecognizer`): radians, clockwise positive with y down, continuous across ±π.
final class RotationGestureRecognizerTests: XCTestCase {
    /// The pair at `degrees` around (0.5, 0.5), 0.2 apart.
    func pair(_ trace: inout Trace, _ t: Double, _ degrees: Double, _ phase: TouchPhase) {
        let a = degrees * .pi / 180
        trace.touch(t, 1, phase, 0.5 - 0.1 * cos(a), 0.5 - 0.1 * sin(a))
        trace.touch(t, 2, phase, 0.5 + 0.1 * cos(a), 0.5 + 0.1 * sin(a))
    }

    func testClockwiseQuarterTurnInRadians() throws {
        let p = try pipeline(RotationGestureRecognizer(name: "rot"))
        var trace = Trace()
        pair(&trace, 0, 0, .began)
        pair(&trace, 20, 30, .moved)
        pair(&trace, 40, 60, .moved)
        pair(&trace, 60, 90, .moved)
        pair(&trace, 80, 90, .ended)
        p.feed(trace)
        XCTAssertEqual(p.states(of: "rot"), ["began@20", "changed@40", "changed@60", "ended@80"])
        XCTAssertEqual(p.log(of: "rot")[2].values.rotation ?? 0, .pi / 2, accuracy: 1e-6)
        XCTAssertEqual(p.log(of: "rot")[1].values.velocity ?? 0, (.pi / 6) / 0.02, accuracy: 1e-6)
    }

    func testAngleUnwrapsAcrossPi() throws {
        let p = try pipeline(RotationGestureRecognizer(name: "rot"))
        var trace = Trace()
        pair(&trace, 0, 150, .began)
        pair(&trace, 20, 180, .moved)
        pair(&trace, 40, 210, .moved)
        pair(&trace, 60, 270, .moved)
        pair(&trace, 80, 270, .ended)
        p.feed(trace)
        let rotations = p.log(of: "rot").map { $0.values.rotation ?? .nan }
        XCTAssertEqual(rotations.count, 4)
        XCTAssertEqual(rotations[2], 2 * .pi / 3, accuracy: 1e-6)   // 120°: more than π/2, no 2π jump
    }

    func testCounterClockwiseIsNegative() throws {
        let p = try pipeline(RotationGestureRecognizer(name: "rot"))
        var trace = Trace()
        pair(&trace, 0, 0, .began)
        pair(&trace, 20, -10, .moved)
        pair(&trace, 40, -10, .ended)
        p.feed(trace)
        XCTAssertEqual(p.log(of: "rot").first?.values.rotation ?? 0, -10 * .pi / 180, accuracy: 1e-6)
    }
}
