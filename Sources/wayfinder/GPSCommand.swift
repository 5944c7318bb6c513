import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Gestures
import Sensors

/// `wayfinder gps decode`: a raw receiver stream in, one JSON line per epoch out, for checking a
/// receiver on hardware and comparing our parser with gpsd.
struct GPSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gps",
        abstract: "Decode GPS receiver output.",
        subcommands: [Decode.self])

    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "decode",
            abstract: "Decode a raw receiver stream (NMEA, UBX, or both interleaved) read on stdin.",
            discussion: """
            Prints one JSON object per epoch (the sentences sharing a UTC time, merged as gpsd merges them), on one line:
              {"time":"2026-11-22T12:35:19.250Z","lat":52.27,"lon":8.06,"alt_m":63.1,
               "speed_mps":1.3,"course_deg":84.2,"mode":"3d","sats":9,"hdop":0.9}
            A value the receiver did not send is null; "time" is null until a date is known (RMC, ZDA or UBX-NAV-PVT). "mode" is none, 2d or 3d.
            Last comes one summary line:
              {"summary":{"sentences":N,"fixes":N,"rejected":{"checksum":N,"malformed":N,
               "truncated":N,"unsupported":N,"garbage_bytes":N}}}
            "sentences" counts decoded NMEA sentences and UBX messages; "fixes" the epochs printed. Rejected: checksum (NMEA *hh or UBX Fletcher wrong or missing), malformed (fields that cannot be what they claim), truncated (a frame cut short), unsupported (valid frames we do not decode, e.g. GLL, TXT, other UBX messages), garbage_bytes (bytes between frames).
            Exits 0 once the stream ends, whatever it contained; 74 when standard input cannot be read.
            """)

        func run() throws {
            var decoder = GPSDecoder()
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    printError("wayfinder gps decode: cannot read standard input: \(String(cString: strerror(errno)))")
                    throw ExitCode(ExitStatus.ioError)
                }
                if count == 0 { break }
                for epoch in decoder.feed(chunk[..<count], now: .zero) { print(Self.line(epoch)) }
            }
            for epoch in decoder.finish(now: .zero) { print(Self.line(epoch)) }
            print(Self.summary(decoder.counts, fixes: decoder.epochCount))
        }

        static func line(_ epoch: GPSEpoch) -> String {
            let mode: String? = epoch.mode.map {
                switch $0 {
                case .noFix: "none"
                case .twoD: "2d"
                case .threeD: "3d"
                }
            }
            let fields: [String: JSONValue] = [
                "time": epoch.isoTime.map(JSONValue.string) ?? .null,
                "lat": number(epoch.latitude, decimals: 9),
                "lon": number(epoch.longitude, decimals: 9),
                "alt_m": number(epoch.altitude, decimals: 3),
                "speed_mps": number(epoch.speed, decimals: 6),
                "course_deg": number(epoch.course, decimals: 5),
                "mode": mode.map(JSONValue.string) ?? .null,
                "sats": epoch.satellites.map(JSONValue.int) ?? .null,
                "hdop": number(epoch.hdop, decimals: 2),
            ]
            return JSONText.encode(JSONValue.object(fields))
        }

        static func summary(_ counts: GPSStreamCounts, fixes: Int) -> String {
            var rejected = Dictionary(uniqueKeysWithValues: GPSRejection.allCases.map { ($0.rawValue, JSONValue.int(counts[$0])) })
            rejected["garbage_bytes"] = .int(counts.garbageBytes)
            return JSONText.encode(JSONValue.object(["summary": .object([
                "sentences": .int(counts.nmeaSentences + counts.ubxMessages), "fixes": .int(fixes),
                "rejected": .object(rejected)])]))
        }

        /// Rounded to `decimals` places (finer than any receiver reports: 1e-9° is 0.1 mm), printed
        /// in the shortest form that reads back as that value; `null` when unknown.
        static func number(_ value: Double?, decimals: Int) -> JSONValue {
            guard let value, value.isFinite else { return .null }
            let scale = pow(10.0, Double(decimals))
            return .number((value * scale).rounded() / scale)
        }
    }
}
