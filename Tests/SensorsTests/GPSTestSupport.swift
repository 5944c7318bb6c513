import Foundation
import Sensors
import WayfinderTestKit
import XCTest

/// Builders shared by the GPS tests: sentences with correct checksums, NAV-PVT payloads, fixtures.
enum GPSTestSupport {
    /// `$body*hh\r\n` with the checksum computed here.
    static func sentence(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0), ^)
        let hex = String(sum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count < 2 ? "0" + hex : hex)\r\n"
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return Array(try Data(contentsOf: url))
    }

    /// Decodes `bytes` in one go.
    static func decodeAll(_ bytes: [UInt8]) -> (epochs: [GPSEpoch], counts: GPSStreamCounts) {
        var decoder = GPSDecoder()
        let epochs = decoder.feed(bytes, now: .zero) + decoder.finish(now: .zero)
        return (epochs, decoder.counts)
    }

    typealias PVT = UBXNavPVTBuilder
}
