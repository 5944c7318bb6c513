import Config
import Navigation
import Sensors
import Simulation
import XCTest

/// The simulated receiver's NMEA and UBX output, decoded by our own `GPSDecoder`: what the walker's
/// receiver computed must come out of the parser unchanged (to the wire format's resolution).
final class SimulatedReceiverTests: XCTestCase {
    /// u-blox's documented GGA (ublox-m8-documented.nmea in the Sensors fixtures, u-blox M8
    /// protocol description): the encoder must produce it byte for byte from its values.
    func testGGAMatchesTheUBloxDocumentedSentenceByteForByte() throws {
        let used = (1...8).map { SimulatedSatellite(system: .gps, id: $0, elevation: 40, azimuth: 90, snr: 40, used: true) }
        let fix = Fix(coordinate: Coordinate(latitude: 47 + 17.11399 / 60, longitude: 8 + 33.91590 / 60), altitude: 499.6,
                      mode: .threeD, hdop: 1.01, receivedAt: .zero)
        // 2002-12-09T09:27:25.00Z
        let utc = (GPSDate(year: 2002, month: 12, day: 9)!.daysSince1970 * 86_400 + 9 * 3600 + 27 * 60 + 25) * 1000
        let epoch = ReceiverEpoch(utcMilliseconds: utc, fix: fix, satellites: used, geoidSeparation: 48.0)
        let sentences = NMEAEpochEncoder(talker: "GP").sentences(for: epoch)
        let gga = try XCTUnwrap(sentences.first { $0.hasPrefix("$GPGGA") })
        XCTAssertEqual(gga, "$GPGGA,092725.00,4717.11399,N,00833.91590,E,1,08,1.01,499.6,M,48.0,M,,*5B\r\n")
    }

    func testEverySentenceHasAValidChecksumAndFitsEightyTwoCharacters() {
        var world = makeWorld(.nmea)
        let output = world.advance(to: .seconds(5))
        let text = String(decoding: output.receiverBytes, as: UTF8.self)
        let lines = text.split(separator: "\r\n")
        XCTAssertEqual(lines.count, 5 * 8, "five epochs of RMC, VTG, GGA, two GSA (GPS, GLONASS), two GPGSV and one GLGSV")
        for line in lines {
            XCTAssertLessThanOrEqual(line.count + 2, 82, String(line))
            let star = line.lastIndex(of: "*")!
            let body = line[line.index(after: line.startIndex)..<star]
            let sum = body.utf8.reduce(UInt8(0), ^)
            XCTAssertEqual(String(line[line.index(after: star)...]), String(format: "%02X", sum), String(line))
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("$GNRMC") } && lines.contains { $0.hasPrefix("$GLGSV") })
    }

    func testNMEAStreamDecodesToTheWalkersFixes() throws {
        try checkRoundTrip(.nmea)
    }

    func testUBXStreamDecodesToTheWalkersFixes() throws {
        try checkRoundTrip(.ubx)
    }

    func testInterleavedNMEAAndUBXDecodeToOneFixPerEpoch() throws {
        try checkRoundTrip(.both)
    }

    func testSouthernAndWesternPositionsAndMinuteCarriesSurviveTheRoundTrip() throws {
        let places = [Coordinate(latitude: -33.8688, longitude: 151.2093), Coordinate(latitude: 40.7128, longitude: -74.0060),
                      Coordinate(latitude: 52.999999999, longitude: -0.0000001), Coordinate(latitude: -0.5, longitude: -179.9999999)]
        for (i, place) in places.enumerated() {
            let fix = Fix(coordinate: place, altitude: -12.3, speed: 1.4, course: 359.99, mode: .threeD, satellites: 9, hdop: 0.9,
                          receivedAt: .zero)
            let utc = 1_795_000_000_000 + i * 1000
            var receiver = SimulatedReceiver(output: .nmea)
            var decoder = GPSDecoder()
            _ = decoder.feed(receiver.burst(fix: fix, utcSeconds: Double(utc) / 1000), now: .zero)
            let decoded = try XCTUnwrap(decoder.finish(now: .zero).first?.fix(), "\(place)")
            XCTAssertEqual(decoded.coordinate.latitude, place.latitude, accuracy: 2e-7, "\(place)")
            XCTAssertEqual(decoded.coordinate.longitude, place.longitude, accuracy: 2e-7, "\(place)")
            XCTAssertEqual(try XCTUnwrap(decoded.altitude), -12.3, accuracy: 0.05)
            XCTAssertEqual(decoded.utcSeconds, Double(utc) / 1000)
            XCTAssertEqual(decoder.counts.totalRejected, 0)
        }
    }

    func testWithoutTimeOrPositionTheReceiverStillTalksButGivesNoFix() {
        var receiver = SimulatedReceiver(output: .both)
        var decoder = GPSDecoder()
        _ = decoder.feed(receiver.burst(fix: nil, utcSeconds: nil), now: .zero)
        let epochs = decoder.finish(now: .zero)
        XCTAssertEqual(decoder.counts.totalRejected, 0)
        XCTAssertEqual(decoder.counts.ubxMessages, 1)
        XCTAssertEqual(epochs.count, 1)
        XCTAssertNil(epochs.first?.fix(), "no position without a fix")
        XCTAssertNil(epochs.first?.timeOfDay)
    }

    // MARK: Helpers

    func makeWorld(_ output: SimulatedGPSProtocol, events: [SimulationEvent] = []) -> SimulatedWorld {
        let route = Route(name: "t", kind: .route, waypoints: [
            Waypoint(name: "a", coordinate: Coordinate(latitude: 52.2790, longitude: 8.0420)),
            Waypoint(name: "b", coordinate: Coordinate(latitude: 52.2760, longitude: 8.0480)),
        ])
        let configuration = SimulationConfiguration(seed: 5, gpsProtocol: output, events: events)
        return SimulatedWorld(route: route, configuration: configuration, declination: 3.6, utcAtStart: 1_795_000_000.123)
    }

    /// Two minutes of walking with a 20 s outage: every fix the world produced comes out of the decoder,
    /// with its time, and the outage epochs come out without a position.
    func checkRoundTrip(_ output: SimulatedGPSProtocol, file: StaticString = #filePath, line: UInt = #line) throws {
        var world = makeWorld(output, events: [SimulationEvent(at: .seconds(60), action: .gpsOutage(.seconds(20)))])
        var decoder = GPSDecoder()
        var truth: [Fix] = []
        var epochs: [GPSEpoch] = []
        var t = Duration.zero
        while t < .seconds(120) {
            t += .milliseconds(100)
            let out = world.advance(to: t)
            truth += out.fixes
            epochs += decoder.feed(out.receiverBytes, now: t)
        }
        epochs += decoder.finish(now: t)
        XCTAssertEqual(decoder.counts.totalRejected, 0, "\(decoder.counts)", file: file, line: line)
        let fixes = epochs.compactMap { $0.fix() }.filter(\.isUsable)
        XCTAssertEqual(fixes.count, truth.count, "one decoded fix per receiver solution", file: file, line: line)
        XCTAssertGreaterThanOrEqual(truth.count, 95, file: file, line: line)
        XCTAssertEqual(epochs.count - fixes.count, 20, "the outage's epochs have no position", file: file, line: line)
        for (decoded, expected) in zip(fixes, truth) {
            XCTAssertEqual(decoded.utcSeconds, expected.utcSeconds, file: file, line: line)
            XCTAssertEqual(decoded.coordinate.latitude, expected.coordinate.latitude, accuracy: 2e-7, file: file, line: line)
            XCTAssertEqual(decoded.coordinate.longitude, expected.coordinate.longitude, accuracy: 2e-7, file: file, line: line)
            XCTAssertEqual(decoded.altitude ?? .nan, expected.altitude ?? .nan, accuracy: 0.05, file: file, line: line)
            XCTAssertEqual(decoded.speed ?? .nan, expected.speed ?? .nan, accuracy: 0.005, file: file, line: line)
            if let course = expected.course {
                XCTAssertEqual(decoded.course ?? .nan, course, accuracy: 0.01, file: file, line: line)
            }
            XCTAssertEqual(decoded.satellites, expected.satellites, file: file, line: line)
            XCTAssertEqual(decoded.mode, .threeD, file: file, line: line)
            if output == .ubx {
                XCTAssertEqual(decoded.horizontalAccuracy ?? .nan, expected.horizontalAccuracy ?? .nan, accuracy: 0.001, file: file, line: line)
            } else {
                XCTAssertEqual(decoded.hdop ?? .nan, expected.hdop ?? .nan, accuracy: 0.005, file: file, line: line)
            }
        }
    }
}
