import Foundation
import Sensors
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

    struct PVT {
        var iTOW: UInt32 = 0
        var year = 2026, month = 11, day = 22, hour = 12, minute = 35, second = 19
        var valid: UInt8 = 0x07
        var nano: Int32 = 250_000_000
        var fixType: UInt8 = 3
        var flags: UInt8 = 0x01
        var numSV: UInt8 = 9
        var lon: Int32 = 80_617_000
        var lat: Int32 = 522_728_000
        var height: Int32 = 110_500
        var hMSL: Int32 = 63_100
        var hAcc: UInt32 = 2_500
        var gSpeed: Int32 = 1_300
        var headMot: Int32 = 8_420_000
        var pDOP: UInt16 = 156
        var flags3: UInt16 = 0

        /// The 92-byte payload, little-endian, at the offsets listed on `UBXNavPVT`.
        var payload: [UInt8] {
            var p = [UInt8](repeating: 0, count: 92)
            func put<T: FixedWidthInteger>(_ value: T, at offset: Int) {
                for i in 0..<(T.bitWidth / 8) { p[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
            }
            put(iTOW, at: 0); put(UInt16(year), at: 4)
            p[6] = UInt8(month); p[7] = UInt8(day); p[8] = UInt8(hour); p[9] = UInt8(minute); p[10] = UInt8(second)
            p[11] = valid; put(nano, at: 16); p[20] = fixType; p[21] = flags; p[23] = numSV
            put(lon, at: 24); put(lat, at: 28); put(height, at: 32); put(hMSL, at: 36); put(hAcc, at: 40)
            put(gSpeed, at: 60); put(headMot, at: 64); put(pDOP, at: 76); put(flags3, at: 78)
            return p
        }

        var frame: [UInt8] { UBXFrame.encode(messageClass: 0x01, id: 0x07, payload: payload) }
    }
}
