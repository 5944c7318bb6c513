import Foundation
import Navigation
import XCTest

/// The compiled-in WMM2025 table is NOAA's WMM.COF (Fixtures/WMM.COF, from NOAA's PyPI package
/// wmm-calculator 1.4.4), and the parser refuses files that are not in that form.
final class WMMCoefficientTableTests: XCTestCase {
    private func shippedFile() throws -> String {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "WMM", withExtension: "COF", subdirectory: "Fixtures"))
        return try String(contentsOf: url, encoding: .ascii)
    }

    /// Fails when someone edits WMM.COF or the Swift table without rerunning
    /// scripts/gen-wmm-coefficients.py.
    func testTheCompiledTableIsExactlyTheShippedCoefficientFile() throws {
        let parsed = try MagneticModelCoefficients.parse(cof: try shippedFile())
        XCTAssertEqual(parsed, WorldMagneticModel.wmm2025.coefficients)
        XCTAssertEqual(parsed.modelName, "WMM-2025")
        XCTAssertEqual(parsed.epoch, 2025.0)
        XCTAssertEqual(parsed.releaseDate, "11/13/2024")
        XCTAssertEqual(parsed.terms.count, 90)
        XCTAssertEqual(parsed.maxDegree, 12)
        // NOAA's WMM.COF: the first data line is "1 0 -29351.8 0.0 12.0 0.0".
        XCTAssertEqual(parsed.terms.first, GaussCoefficient(n: 1, m: 0, g: -29351.8, h: 0, gRate: 12, hRate: 0))
        XCTAssertEqual(parsed.terms.last, GaussCoefficient(n: 12, m: 12, g: -0.7, h: 0.2, gRate: -0.1, hRate: -0.1))
    }

    /// NOAA's GitHub copy has a fourth header field (the release as a decimal year).
    func testTheFourFieldHeaderOfNOAAsGitHubCopyIsAccepted() throws {
        let text = try shippedFile().replacingOccurrences(of: "WMM-2025        11/13/2024", with: "WMM-2025     2024.866        11/13/2024")
        XCTAssertNotEqual(text, try shippedFile())
        XCTAssertEqual(try MagneticModelCoefficients.parse(cof: text), WorldMagneticModel.wmm2025.coefficients)
    }

    func testMalformedFilesAreRefusedWithTheLine() throws {
        let good = try shippedFile()
        var lines = good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func reason(_ text: String) -> (Int, String)? {
            do {
                _ = try MagneticModelCoefficients.parse(cof: text)
                return nil
            } catch MagneticModelError.malformedCoefficientFile(let line, let why) {
                return (line, why)
            } catch {
                return nil
            }
        }
        XCTAssertEqual(reason("")?.0, 1)
        let swapped = lines
        lines[3] = "  2  1   -2556.6       0.0      -11.6        0.0"
        XCTAssertEqual(reason(lines.joined(separator: "\n"))?.0, 4, "(n, m) out of order")
        lines = swapped
        lines[5] = "  2  2   1649.3    -815.1       -8.0"
        XCTAssertEqual(reason(lines.joined(separator: "\n"))?.0, 6, "five fields")
        let truncated = good.split(separator: "\n").prefix(50).joined(separator: "\n")
        XCTAssertEqual(reason(truncated)?.1, "missing the closing line of 9s (truncated file?)")
    }
}
