@testable import Sensors
import XCTest

/// Mounting axes: how the configuration says which chip axis faces forward, right and down.
final class AxisMappingTests: XCTestCase {
    func testASignedPermutationMapsChipAxesToTheBody() throws {
        var why = ""
        let turned = try XCTUnwrap(AxisMapping(parsing: "-y, +x z", why: &why))
        XCTAssertEqual(turned.apply(Vector3(1, 2, 3)), Vector3(-2, 1, 3))
        XCTAssertEqual(turned.description, "-y +x +z")
        XCTAssertEqual(AxisMapping(parsing: "+X +Y +Z", why: &why), .identity)
        XCTAssertEqual(AxisMapping.identity.apply(Vector3(4, 5, 6)), Vector3(4, 5, 6))
    }

    func testMalformedMappingsSayWhatIsWrong() {
        let cases: [(String, String)] = [
            ("+x +y", "needs three signed chip axes"),
            ("+x +y +w", "\"+w\" is not an axis"),
            ("+x -x +z", "each of x, y and z must appear once"),
            ("++x +y +z", "\"++x\" is not an axis"),
        ]
        for (text, expected) in cases {
            var why = ""
            XCTAssertNil(AxisMapping(parsing: text, why: &why), text)
            XCTAssertTrue(why.contains(expected), "\(text): \(why)")
        }
    }
}
