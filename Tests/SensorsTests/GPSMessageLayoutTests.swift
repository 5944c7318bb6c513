import Sensors
import XCTest

/// A decoded message is built and handed on once per sentence. At 137 bytes (six `Int`s of date and
/// time in NAV-PVT) the optimizer copied it with two or three `memcpy` calls per sentence; at 122 it
/// copies it with a few moves, which was part of issue 5's NMEA speed-up. This catches a field that
/// grows a message back past 128 bytes, which a benchmark would only show as noise.
final class GPSMessageLayoutTests: XCTestCase {
    func testADecodedMessageStaysWithin128Bytes() {
        XCTAssertLessThanOrEqual(MemoryLayout<GPSMessage>.size, 128,
                                 "the largest payload: GSA \(MemoryLayout<NMEAGSA>.size), GGA \(MemoryLayout<NMEAGGA>.size), NAV-PVT \(MemoryLayout<UBXNavPVT>.size) bytes")
    }
}
