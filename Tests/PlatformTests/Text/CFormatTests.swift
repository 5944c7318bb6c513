import Foundation
import Platform
import XCTest

/// `CFormat` writes the bytes Foundation's `String(format:)` wrote for the formats the product uses,
/// checked against Foundation itself (tests may link it) and against printf outputs written out.
final class CFormatTests: XCTestCase {
    static let values: [Double] = [0, -0.0, 0.25, 0.35, 0.05, 0.45, 1.5, 2.5, -2.5, -0.04, 1e-7, 12.345_678_9,
                                   123_456_789.123_456_789, 999_999_999_999_999.9, 1e15, 1e20, -1e20,
                                   Double.greatestFiniteMagnitude, .leastNonzeroMagnitude,
                                   .infinity, -.infinity, .nan]

    func testFixedDecimalsAreFoundationsBytes() {
        for format in ["%.0f", "%.1f", "%.3f", "%.7f", "%.9f", "%5.1f", "%.0f µT", "%.0f°"] {
            for value in Self.values {
                XCTAssertEqual(CFormat.string(format, value), String(format: format, value), "\(format) of \(value)")
            }
        }
    }

    func testPrintfsRoundingSignAndSpecialValues() {
        // Binary doubles: 0.25 is exact and rounds to even, 0.35 is 0.34999… and rounds down.
        XCTAssertEqual(CFormat.string("%.1f", 0.25), "0.2")
        XCTAssertEqual(CFormat.string("%.1f", 0.35), "0.3")
        XCTAssertEqual(CFormat.string("%.0f", 2.5), "2")
        XCTAssertEqual(CFormat.string("%.1f", -0.0), "-0.0")
        XCTAssertEqual(CFormat.string("%.1f", -0.04), "-0.0")
        XCTAssertEqual(CFormat.string("%.2f", 1e20), "100000000000000000000.00")
        XCTAssertEqual(CFormat.string("%5.1f", 3.14159), "  3.1")
        XCTAssertEqual(CFormat.string("%.1f", Double.nan), "nan")
        XCTAssertEqual(CFormat.string("%.1f", -Double.infinity), "-inf")
    }

    func testPrecisionFromAnArgumentIntegersPercentAndTextAroundThem() {
        XCTAssertEqual(CFormat.string("%.*f", Int32(3), 1.234_56), "1.235")
        XCTAssertEqual(CFormat.string("%.*f", Int32(3), 1.234_56), String(format: "%.3f", 1.234_56))
        XCTAssertEqual(CFormat.string("%d samples", 42), "42 samples")
        XCTAssertEqual(CFormat.string("spread %.1f %%, coverage %.0f°", 4.25, 359.6), "spread 4.2 %, coverage 360°")
        XCTAssertEqual(CFormat.string("spread %.1f %%, coverage %.0f°", 4.25, 359.6),
                       String(format: "spread %.1f %%, coverage %.0f°", 4.25, 359.6))
        XCTAssertEqual(CFormat.string("no conversion"), "no conversion")
    }

    func testAnOutputLongerThanAnyStackBufferIsWhole() {
        let text = CFormat.string("%.300f", 1.0)
        XCTAssertEqual(text.count, 302)
        XCTAssertEqual(text, String(format: "%.300f", 1.0))
    }
}
