import Foundation
import XCTest
@testable import Sensors

/// gpsd as a GPS source: the greeting is answered with WATCH, TPV and SKY become fixes, whatever the
/// chunking; garbage and other protocol versions are refused without losing the stream.
final class GPSDClientCoreTests: XCTestCase {
    /// A session in the shape gpsd 3.22 sends (gpsd_json(5)): VERSION, then after WATCH the DEVICES and
    /// WATCH echoes, SKY, and TPVs (one without a fix first). Written from the documented fields.
    let session = """
        {"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}\r
        {"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/serial0","driver":"NMEA0183","activated":"2026-11-22T12:00:00.000Z","native":0,"bps":9600}]}\r
        {"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}\r
        {"class":"TPV","device":"/dev/serial0","mode":1}\r
        {"class":"SKY","device":"/dev/serial0","hdop":0.92,"satellites":[{"PRN":5,"el":45,"az":120,"ss":38,"used":true},{"PRN":13,"el":20,"az":300,"ss":30,"used":true},{"PRN":20,"el":5,"az":10,"ss":0,"used":false}]}\r
        {"class":"TPV","device":"/dev/serial0","mode":3,"time":"2026-11-22T12:00:01.000Z","lat":52.2728,"lon":8.0617,"altHAE":110.2,"altMSL":63.1,"track":271.5,"magvar":3.7,"speed":1.4,"eph":3.2}\r

        """

    func run(_ text: String, chunk: Int) -> (outputs: [GPSDClientCore.Output], core: GPSDClientCore) {
        var core = GPSDClientCore()
        var outputs: [GPSDClientCore.Output] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let end = min(index + chunk, bytes.count)
            outputs += core.receive(bytes[index..<end], now: .seconds(1))
            index = end
        }
        return (outputs, core)
    }

    func testTheGreetingIsAnsweredWithWatchAndTPVBecomesAFixWithTheSkysFigures() throws {
        let (outputs, core) = run(session, chunk: 4096)
        XCTAssertEqual(outputs.first, .version(release: "3.22", protocolMajor: 3))
        XCTAssertEqual(outputs.dropFirst().first, .send("?WATCH={\"enable\":true,\"json\":true}\n"))
        XCTAssertTrue(outputs.contains(.noFix(mode: 1)))
        guard case .fix(let fix)? = outputs.last else { return XCTFail("\(outputs)") }
        XCTAssertEqual(fix.coordinate, Coordinate(latitude: 52.2728, longitude: 8.0617))
        XCTAssertEqual(fix.altitude, 63.1, "MSL, as NMEA's GGA gives")
        XCTAssertEqual(fix.course, 271.5, "track (true); magvar is ignored")
        XCTAssertEqual(fix.speed, 1.4)
        XCTAssertEqual(fix.mode, .threeD)
        XCTAssertEqual(fix.satellites, 2, "the satellites SKY marks used")
        XCTAssertEqual(fix.hdop, 0.92)
        XCTAssertEqual(fix.horizontalAccuracy, 3.2)
        XCTAssertEqual(fix.utcSeconds, 1_795_348_801)
        XCTAssertEqual(core.rejectedLines, 0)
    }

    func testEveryChunkingGivesTheSameOutputs() {
        let whole = run(session, chunk: 4096).outputs
        for chunk in [1, 2, 3, 7, 64, 255] {
            XCTAssertEqual(run(session, chunk: chunk).outputs, whole, "chunks of \(chunk)")
        }
    }

    func testGarbageAndOverlongLinesAreDroppedAndTheStreamRecovers() {
        let text = "not json\n{\"class\":\"TPV\",\"mode\":\n" + String(repeating: "x", count: 20_000) + "\n"
            + "{\"mode\":3}\n" + "{\"class\":\"TPV\",\"mode\":2,\"lat\":1.5,\"lon\":2.5}\n"
        let (outputs, core) = run(text, chunk: 100)
        XCTAssertEqual(core.rejectedLines, 4, "bad JSON twice, an overlong line, an object without a class")
        guard case .fix(let fix)? = outputs.last else { return XCTFail("\(outputs)") }
        XCTAssertEqual(fix.mode, .twoD)
        XCTAssertNil(fix.utcSeconds)
    }

    func testAnotherProtocolMajorIsRefusedAndNotWatched() {
        let (outputs, core) = run("{\"class\":\"VERSION\",\"release\":\"4.0\",\"proto_major\":4}\n", chunk: 10)
        XCTAssertFalse(outputs.contains(.send(GPSDClientCore.watchCommand)))
        XCTAssertEqual(core.rejectedLines, 1)
    }

    /// gpsd's `time` is read as `ISO8601DateFormatter` read it (internet date-time, with the fraction
    /// or without), checked against that formatter: same seconds, same refusals.
    func testTheTimeIsReadAsISO8601DateFormatterReadIt() throws {
        func formatterSeconds(_ text: String) -> Double? {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return date.timeIntervalSince1970 }
            formatter.formatOptions = [.withInternetDateTime]
            return formatter.date(from: text)?.timeIntervalSince1970
        }
        XCTAssertEqual(GPSDClientCore.seconds(iso8601: "2024-01-01T00:00:00.000Z"), 1_704_067_200)
        XCTAssertEqual(GPSDClientCore.seconds(iso8601: "2024-01-01T00:00:00Z"), 1_704_067_200)
        XCTAssertEqual(try XCTUnwrap(GPSDClientCore.seconds(iso8601: "2024-01-01T00:00:00.500Z")), 1_704_067_200.5,
                       accuracy: 1e-6)
        XCTAssertNil(GPSDClientCore.seconds(iso8601: "2024-01-01 garbage"))
        for text in ["2024-01-01T00:00:00.000Z", "2024-01-01T00:00:00Z", "2026-11-22T12:00:00.123Z",
                     "2024-02-29T23:59:59.999Z", "2024-01-01T01:00:00+01:00", "2024-01-01T00:00:00.5Z",
                     "2024-01-01T00:00:00", "2024-01-01", "2024-13-01T00:00:00Z", "", "garbage", "2024-01-01T00:00:00.Z"] {
            let ours = GPSDClientCore.seconds(iso8601: text), theirs = formatterSeconds(text)
            XCTAssertEqual(ours == nil, theirs == nil, "\(text): \(String(describing: ours)) vs \(String(describing: theirs))")
            if let ours, let theirs { XCTAssertEqual(ours, theirs, accuracy: 1e-6, text) }
        }
    }

    func testPositionsOutOfRangeAreNoFix() {
        let (outputs, _) = run("{\"class\":\"TPV\",\"mode\":3,\"lat\":91,\"lon\":0}\n", chunk: 10)
        XCTAssertEqual(outputs, [.noFix(mode: 3)])
    }
}
