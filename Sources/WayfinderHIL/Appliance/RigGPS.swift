import Foundation
import Sensors
import Simulation

/// The GPS as gpsd serves it: an NMEA log of the walk, written by our receiver simulation
/// (`NMEAEpochEncoder`, a u-blox M8's sentences), replayed by gpsfake — gpsd's own test harness,
/// which starts a gpsd on the port the appliance is configured for and feeds it the log through a
/// pseudo-terminal at a set pace.
struct RigGPS: Sendable {
    static let port = 2947
    static let unit = "rig-gpsfake"

    /// An NMEA log of a walker standing at `position` (with a metre of wander, as a still receiver
    /// reports) for `seconds`, one epoch a second from now.
    static func standingLog(at position: Coordinate, seconds: Int) -> (text: String, sentencesPerEpoch: Int) {
        let epochs = standingEpochs(at: position, seconds: seconds)
        return (epochs.joined(), epochs.map { $0.filter { $0 == "$" }.count }.max() ?? 1)
    }

    /// The same walker's NMEA, one string per epoch (each a second after the one before, from now).
    static func standingEpochs(at position: Coordinate, seconds: Int) -> [String] {
        let encoder = NMEAEpochEncoder()
        let start = Date().timeIntervalSince1970.rounded(.down)
        var epochs: [String] = []
        for i in 0..<seconds {
            // A deterministic wander within about a metre, so every fix differs as a real one does.
            let phase = Double(i) * 0.7
            let coordinate = Coordinate(latitude: position.latitude + 0.000006 * sin(phase),
                                        longitude: position.longitude + 0.000009 * cos(phase))
            let fix = Fix(coordinate: coordinate, altitude: 62, speed: 0, course: nil, mode: .threeD,
                          satellites: 9, hdop: 0.9, utcSeconds: start + Double(i), receivedAt: .zero)
            let epoch = ReceiverEpoch(utcMilliseconds: ReceiverEpoch.milliseconds(utcSeconds: start + Double(i)), fix: fix)
            epochs.append(encoder.sentences(for: epoch).joined())
        }
        return epochs
    }

    /// Writes the standing walker's NMEA into `device` (the rig's end of the UART), an epoch a
    /// second, for a quarter of an hour: what a receiver on the UART sends. The line is set raw at
    /// 9600 baud first, as a receiver's is.
    static func feedUART(_ device: String) async throws -> Task<Void, Never> {
        try await ToolProcess.succeed("stty", ["-F", device, "9600", "raw", "-echo"])
        guard let handle = FileHandle(forWritingAtPath: device) else { throw HILFailure("cannot open \(device) for writing") }
        let epochs = standingEpochs(at: RigRoute.standpoint, seconds: 900)
        return Task.detached {
            for epoch in epochs {
                if Task.isCancelled { break }
                try? handle.write(contentsOf: Data(epoch.utf8))
                try? await Task.sleep(for: .seconds(1))
            }
            try? handle.close()
        }
    }

    /// Starts gpsfake on `log` as a transient unit, one epoch a second: gpsfake waits `-c` seconds
    /// between sentences, so the pace is one second over the sentences of an epoch.
    static func start(log path: String, sentencesPerEpoch: Int) async throws {
        let cycle = String(format: "%.3f", 1.0 / Double(max(1, sentencesPerEpoch)))
        _ = try? await ToolProcess.run("systemctl", ["stop", unit])
        _ = try? await ToolProcess.run("systemctl", ["reset-failed", unit])
        try await ToolProcess.succeed("systemd-run", ["--unit=\(unit)", "--quiet", "--collect",
                                                      "/usr/local/bin/gpsfake", "-q", "-1", "-P", String(port), "-c", cycle, path])
    }

    /// Stops gpsfake and its gpsd: the receiver goes quiet.
    static func stop() async throws {
        try await ToolProcess.succeed("systemctl", ["stop", unit])
    }
}
