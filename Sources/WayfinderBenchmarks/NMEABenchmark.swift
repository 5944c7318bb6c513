// GPS: NMEA sentences parsed per second, side by side with pynmea2 on the same bytes.
import Foundation
import Sensors

/// A 100 000-sentence mixed stream in u-blox multi-GNSS order (RMC, VTG, GGA, GSA ×3, GSV ×3, GNS,
/// ZDA), a new UTC time every cycle, fed to `GPSStreamParser` in 4 KiB chunks as a UART read would.
/// The stream is written to $WAYFINDER_NMEA_STREAM when set, so other tools can parse the same bytes.
///
/// What each side does, so the ratio is read right:
/// - ours: find each sentence, verify its checksum, decode every field into typed values (times in
///   ms, latitudes in degrees, numbers as Double/Int, satellites as ids), count rejections;
/// - pynmea2's `parse(line, check=True)`: regex match, checksum, split into strings. It converts a
///   field to a number only when the attribute is read, so a second pynmea2 figure also reads every
///   declared field and, for sentences with a position, `latitude`/`longitude` (the same typed
///   result as ours). The headline ratio is against the first, faster figure.
/// - the epoch line is ours plus `GPSEpochAssembler` (what `gps decode` runs); pynmea2 has no
///   counterpart, so it is reported without a ratio.
@MainActor
func nmeaBenchmark(root: String) throws -> Double {
    var sink = 0.0
    func nmea(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0), ^)
        let hex = String(sum, radix: 16, uppercase: true)
        return "$\(body)*\(hex.count < 2 ? "0" + hex : hex)\r\n"
    }
    var stream: [UInt8] = []
    var sentences = 0
    var second = 0
    while sentences < 100_000 {
        let t = String(format: "%02d%02d%02d.00", second / 3600 % 24, second / 60 % 60, second % 60)
        let minutes = String(format: "%08.5f", 16.368 + Double(second % 1000) * 1e-5)
        let cycle = [
            "GNRMC,\(t),A,52\(minutes),N,00803.70200,E,2.500,84.20,221126,,,A,V",
            "GNVTG,84.20,T,,M,2.500,N,4.630,K,A",
            "GNGGA,\(t),52\(minutes),N,00803.70200,E,1,12,0.78,63.1,M,47.4,M,,",
            "GNGSA,A,3,02,05,12,15,24,29,,,,,,,1.32,0.78,1.06,1",
            "GNGSA,A,3,65,71,72,,,,,,,,,,1.32,0.78,1.06,2",
            "GNGSA,A,3,03,05,13,,,,,,,,,,1.32,0.78,1.06,3",
            "GPGSV,2,1,07,02,45,120,41,05,62,230,44,12,30,300,38,15,20,045,35,1",
            "GPGSV,2,2,07,24,55,180,43,29,12,080,30,31,05,010,,1",
            "GLGSV,1,1,03,65,40,100,36,71,70,250,40,72,25,320,33,1",
            "GNGNS,\(t),52\(minutes),N,00803.70200,E,AANN,12,0.78,63.1,47.4,,,V",
            "GNZDA,\(t),22,11,2026,00,00",
        ]
        for body in cycle.prefix(100_000 - sentences) { stream += Array(nmea(body).utf8) }
        sentences += min(cycle.count, 100_000 - sentences)
        second += 1
    }
    if let path = ProcessInfo.processInfo.environment["WAYFINDER_NMEA_STREAM"] {
        try Data(stream).write(to: URL(fileURLWithPath: path))
    }
    /// One pass of our parser over the whole stream, in seconds.
    func ourPass() -> Double {
        var parser = GPSStreamParser()
        var parsed = 0
        let started = clock.now
        var offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + 4096)
            parser.feed(stream[offset..<end]) { _ in parsed += 1 }
            offset = end
        }
        let seconds = started.duration(to: clock.now).inSeconds
        precondition(parsed == 100_000 && parser.counts.totalRejected == 0, "benchmark stream must parse cleanly")
        return seconds
    }
    var bestWithEpochs = Double.infinity
    for _ in 0..<5 {
        var decoder = GPSDecoder()
        let startedEpochs = clock.now
        var offset = 0
        while offset < stream.count {
            let end = min(stream.count, offset + 4096)
            sink += Double(decoder.feed(stream[offset..<end], now: .zero).count)
            offset = end
        }
        sink += Double(decoder.finish(now: .zero).count)
        bestWithEpochs = min(bestWithEpochs, startedEpochs.duration(to: clock.now).inSeconds)
    }
    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
    func rate(_ value: Double) -> String { "\(Int(value.rounded()))" }
    func times(_ value: Double) -> String { "\(Int(value.rounded()))×" }
    let title = "NMEA parse, 100 000-sentence mixed stream".padding(toLength: 46, withPad: " ", startingAt: 0)
    let epochTitle = "  … and merged into epochs (GPSDecoder)".padding(toLength: 46, withPad: " ", startingAt: 0)
    func reportOursAlone(_ rates: [Double]) {
        print("\(title) \(rate(rates.max()!)) sentences/s best, \(rate(median(rates))) median of \(rates.count) passes  (\(stream.count) bytes)")
        print("\(epochTitle) \(rate(100_000 / bestWithEpochs)) sentences/s  (best of 5)")
    }

    // The peer: pynmea2 kept running, timing one pass over 11 000 lines (1 000 cycles of the stream)
    // whenever asked, alternating with our passes over the whole stream: each pair is timed within
    // about 0.2 s, so both sides of a ratio see the machine at the same moment.
    let python = ProcessInfo.processInfo.environment["WAYFINDER_BENCH_PYTHON"] ?? "\(root)/.bench/venv/bin/python3"
    let name = "NMEA parse vs pynmea2, same stream"
    for _ in 0..<3 { _ = ourPass() } // warm-up
    guard FileManager.default.isExecutableFile(atPath: python) else {
        reportOursAlone((0..<15).map { _ in 100_000 / ourPass() })
        Peer.missing(name, "no Python at \(python) (make bench creates .bench/venv with pynmea2; or set WAYFINDER_BENCH_PYTHON)")
        return sink
    }
    let ownPath = ProcessInfo.processInfo.environment["WAYFINDER_NMEA_STREAM"] == nil
    let path = ProcessInfo.processInfo.environment["WAYFINDER_NMEA_STREAM"] ?? NSTemporaryDirectory() + "wayfinder-bench-\(getpid()).nmea"
    if ownPath { try Data(stream).write(to: URL(fileURLWithPath: path)) }
    defer { if ownPath { try? FileManager.default.removeItem(atPath: path) } }
    let script = """
        import sys, time, pynmea2
        from pynmea2.nmea_utils import LatLonFix
        lines = open(sys.argv[1], encoding="ascii").read().splitlines()[:11000]
        def parse():
            for line in lines:
                pynmea2.parse(line, check=True)
        def parse_and_read():
            for line in lines:
                m = pynmea2.parse(line, check=True)
                for field in m.fields:
                    getattr(m, field[1])
                if isinstance(m, LatLonFix):
                    m.latitude, m.longitude
        print("ready", len(lines), pynmea2.version, flush=True)
        for command in sys.stdin:
            run = parse if command.strip() == "parse" else parse_and_read
            started = time.perf_counter()
            run()
            print(time.perf_counter() - started, flush=True)
        """
    let session: PeerSession
    do { session = try PeerSession(python, ["-c", script, path]) } catch {
        reportOursAlone((0..<15).map { _ in 100_000 / ourPass() })
        Peer.missing(name, "\(error.reason) (make bench installs pynmea2 into .bench/venv)")
        return sink
    }
    let hello = session.readLine()?.split(separator: " ") ?? []
    guard hello.count == 3, hello[0] == "ready", let lines = Double(hello[1]) else {
        reportOursAlone((0..<15).map { _ in 100_000 / ourPass() })
        Peer.missing(name, "pynmea2 did not start: \(hello.joined(separator: " ")) (make bench installs it into .bench/venv)")
        return sink
    }
    let version = hello[2]
    /// Alternates `rounds` of our pass and the peer's `command` pass; nil if the peer stopped answering.
    func pairs(_ command: String, rounds: Int) -> (ours: [Double], theirs: [Double])? {
        var ours: [Double] = [], theirs: [Double] = []
        for _ in 0..<rounds {
            ours.append(100_000 / ourPass())
            guard let answer = session.ask(command), let seconds = Double(answer), seconds > 0 else { return nil }
            theirs.append(lines / seconds)
        }
        return (ours, theirs)
    }
    guard let parseOnly = pairs("parse", rounds: 15), let reading = pairs("read", rounds: 5) else {
        Peer.missing(name, "pynmea2 stopped answering")
        return sink
    }
    reportOursAlone(parseOnly.ours)
    let ratios = zip(parseOnly.ours, parseOnly.theirs).map { $0 / $1 }
    print("\(name.padding(toLength: 46, withPad: " ", startingAt: 0)) median of 15 alternating pairs: ours \(rate(median(parseOnly.ours))), pynmea2 \(version) parse() \(rate(median(parseOnly.theirs))) sentences/s: \(times(median(ratios)))  (pairs \(times(ratios.min()!))–\(times(ratios.max()!)); best vs best \(times(parseOnly.ours.max()! / parseOnly.theirs.max()!)); target: 50×, on the median)")
    let readingRatios = zip(reading.ours, reading.theirs).map { $0 / $1 }
    print("\("  pynmea2 also reading every field".padding(toLength: 46, withPad: " ", startingAt: 0)) median of 5 pairs: pynmea2 \(rate(median(reading.theirs))) sentences/s: \(times(median(readingRatios)))  (pynmea2 converts a field when it is read; ours converts every field)")
    return sink
}
