import Sensors
import XCTest

/// A decoded message is built and handed on once per sentence, so its layout is part of the NMEA
/// parser's speed (docs/performance.md), and a field that undoes it would show in a benchmark only
/// as noise. Two findings
/// (callgrind and the generated code, Swift 6.3):
/// - at 137 bytes (six `Int`s of date and time in NAV-PVT) the message was copied by two or three
///   `memcpy` calls per sentence; at 128 bytes or less it is copied with a few moves;
/// - when a payload filled the content to its last byte (GGA and GSA with eight or six 16-byte
///   optionals, 121 bytes) or the talker was stored as its enum, the case tags shared bytes with
///   payload data; every sentence's message was then built in a scratch copy, tagged by an outlined
///   call and copied twice more on its way to the handler (about 45 instructions a sentence). With
///   GGA's and GSA's small numbers in 32 bits or a byte and the talker in a byte, all seven sentence
///   types are built where the handler reads them.
final class GPSMessageLayoutTests: XCTestCase {
    func testADecodedMessageStaysWithin128Bytes() {
        XCTAssertLessThanOrEqual(MemoryLayout<GPSMessage>.size, 128,
                                 "the largest payload: GSV \(MemoryLayout<NMEAGSV>.size), GNS \(MemoryLayout<NMEAGNS>.size), NAV-PVT \(MemoryLayout<UBXNavPVT>.size) bytes")
    }

    /// The sizes measured when every sentence type was built in place: GSV and GNS are the largest
    /// payloads (113 bytes), GGA and GSA stay below them, and the talker adds one byte.
    func testPayloadsStayAsSmallAsWhenMessagesWereBuiltInPlace() {
        XCTAssertLessThanOrEqual(MemoryLayout<NMEAGGA>.size, 105, "GGA's quality and satellite count in 32 bits")
        XCTAssertLessThanOrEqual(MemoryLayout<NMEAGSA>.size, 105, "GSA's navMode in a byte, systemId in 32 bits")
        XCTAssertLessThanOrEqual(MemoryLayout<NMEAGSV>.size, 113)
        XCTAssertLessThanOrEqual(MemoryLayout<NMEAGNS>.size, 113)
        XCTAssertLessThanOrEqual(MemoryLayout<NMEARMC>.size, 107)
        XCTAssertEqual(MemoryLayout<NMEASentence>.size, MemoryLayout<NMEASentence.Content>.size + 1,
                       "the talker is one byte after the content")
        XCTAssertLessThanOrEqual(MemoryLayout<GPSMessage>.size, 114)
    }
}
