import BLE
import Belt
import Config
import Foundation
import Logging
import Pencil
import Platform
import Runtime
import Simulation
import Status
import Synchronization
import TouchCase
import UploadRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Input to belt: how long a wearer's input takes to become the belt's vibration command.
///
/// The demo configuration on the simulated board at real time (1×), with one change: a swipe right on
/// the right side announces the direction, as a GPIO22 press and a Pencil tip click already do (the
/// demo binds the swipe to next-waypoint, which sends nothing to the belt until the next fix). Each
/// input is timed from its arrival to the belt's direction pulse (a one-shot channel-0 configuration)
/// reaching the simulated belt's GATT server:
/// - GPIO button: from the release edge entering the edge stream, as the GPIO reader delivers it;
/// - Pencil click: from the simulated pen sending the release that decides the click (the click then
///   waits out the FiftyThree SDK's 5 ms debounce, `Classification/PenEvents.cpp`, by design);
/// - swipe: from the case sending the touch notification that completes the swipe (the release).
/// Both ends are taken inside the simulators, so each figure also holds a kernel socket hop at
/// either end, and the hop from the belt server's reader to the board: an upper bound of what the
/// appliance adds.
enum LatencyBenchmark {
    enum Input: String, CaseIterable, Sendable {
        case button = "GPIO button (release edge)"
        case pencil = "Pencil click (switch notification)"
        case swipe = "swipe (completing touch notification)"
    }

    final class Stamps: Sendable {
        private struct State {
            var last: (input: Input, at: ContinuousClock.Instant)?
            var samples: [Input: [Duration]] = [:]
            var pulses = 0
        }
        private let state = Mutex(State())
        private let clock = ContinuousClock()

        func input(_ input: Input) {
            let now = clock.now
            state.withLock { $0.last = (input, now) }
        }

        func pulse() {
            let now = clock.now
            state.withLock { s in
                s.pulses += 1
                guard let last = s.last else { return }
                s.samples[last.input, default: []].append(last.at.duration(to: now))
                s.last = nil
            }
        }

        var pulses: Int { state.withLock { $0.pulses } }
        func reset() { state.withLock { $0 = State() } }
        var samples: [Input: [Duration]] { state.withLock { $0.samples } }
    }

    /// Where the upload in flight goes: `scripts/storage.py start DIR RATE`'s throttled endpoint, its
    /// bucket, and the key `storage.py credentials` wrote.
    struct UploadTarget: Sendable {
        var endpoint: String
        var bucket: String
        var credentials: String
        /// The earlier walks' tracks the outbox sends during the measurement: sparse, so they cost no
        /// disk here.
        var files = 2
        var fileBytes: Int64 = 1 << 30
    }

    static func run(root: String, count: Int, upload: UploadTarget? = nil) async throws {
        let path = "\(root)/deploy/demo.toml"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text = text.replacingOccurrences(of: #"swipe-right = { command = "next-waypoint", sides = ["right"] }"#,
                                         with: #"swipe-right = { command = "announce-direction", sides = ["right"] }"#)
        // Without the demo's script: its pause at 3:00 would make the belt refuse announcements.
        if let script = text.range(of: "[[simulation.events]]") { text = String(text[..<script.lowerBound]) }
        let folder = NSTemporaryDirectory() + "wayfinder-latency-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let upload {
            // While the demo walks (`when = "always"`), the outbox sends earlier walks with large
            // tracks, in parts of a multipart upload, through the throttled endpoint: what a walk with
            // a slow uplink feels like.
            text += """

                [upload]
                endpoint = "\(upload.endpoint)"
                bucket = "\(upload.bucket)"
                credentials = "\(upload.credentials)"
                unit_id = "latency-bench"
                what = ["walks"]
                when = "always"

                """
            try makeWalks(in: "\(folder)/state", upload)
        }
        // Beside the original, so its relative paths (the route, the state directory) still resolve.
        let copy = "\(root)/deploy/.latency-\(getpid()).toml"
        try text.write(toFile: copy, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let config = try ConfigurationLoader.appliance(boards: BoardCatalog(directories: ["\(root)/boards"])).load(path: copy)

        var options = Appliance.Options()
        options.acceleration = 1
        options.freshStart = true
        options.shutdownSignals = []
        options.stateDirectory = "\(folder)/state"
        let quiet: @Sendable (String) -> Logger = { label in
            Logger(label: label) { LineLogHandler(label: $0, level: .critical, format: .terminal) { _ in } }
        }
        var outbox: BackgroundWork?
        if upload != nil {
            guard let work = UploadBackground.work(config.upload, stateDirectory: "\(folder)/state",
                                                   credentialsDirectory: nil, logger: quiet("upload")) else {
                print("latency with an upload: the outbox could not start (run `make bench`, which starts the storage)")
                return
            }
            outbox = work
            options.background = [work]
        }
        let (appliance, maybeBoard) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options, makeLogger: quiet)
        guard let board = maybeBoard else { throw DeadlineExceeded("the demo configuration names the simulated board", limit: .zero) }
        let stamps = Stamps()
        await board.observeBeltWrites { uuid, value in
            guard let characteristic = BeltCharacteristic(uuid: uuid),
                  case .configureChannel(let c)? = try? BeltCommandDecoder.decode(BeltWrite(characteristic: characteristic, bytes: value)),
                  c.channel == 0, c.iterations == 1, c.periodMilliseconds == 1000 else { return }
            stamps.pulse()
        }
        let penSwitches: Set<BLEUUID> = [PenCharacteristic.isTipPressed.uuid, PenCharacteristic.isEraserPressed.uuid]
        await board.pencil.observeNotifications { uuid, _ in
            if penSwitches.contains(uuid) { stamps.input(.pencil) }
        }
        let touches = Set(FuffrGATT.touchCharacteristics)
        await board.touchCase.observeNotifications { uuid, _ in
            if touches.contains(uuid) { stamps.input(.swipe) }
        }
        let running = Task { try await appliance.run() }
        defer { running.cancel() }

        // The walk is under way and the belt has a direction once it has had its first pulse.
        let clock = ContinuousClock()
        let ready = clock.now + .seconds(60)
        let session = appliance.clock
        while clock.now < ready {
            press(board, line: 22, now: session.elapsed, stamps: stamps)
            try await Task.sleep(for: .milliseconds(300))
            if stamps.pulses > 0 { break }
        }
        guard stamps.pulses > 0 else {
            print("latency: no direction pulse reached the belt within 60 s; is the demo walking?")
            return
        }
        // The outbox's first scan has found the files (and begun hashing the first) before any input.
        if outbox != nil {
            let scanned = clock.now + .seconds(30)
            while (await pending(outbox) ?? 0) == 0 && clock.now < scanned { try await Task.sleep(for: .milliseconds(100)) }
        }
        stamps.reset()
        let measuring = clock.now
        for input in Input.allCases {
            for _ in 0..<count {
                let before = stamps.pulses
                switch input {
                case .button:
                    press(board, line: 22, now: session.elapsed, stamps: stamps)
                case .pencil:
                    await board.pencil.play(PencilScript(PencilScript.click(.tip, at: .zero)))
                case .swipe:
                    let start = session.elapsed + .milliseconds(10)
                    var trace = FuffrTouchTrace()
                    trace.strokes = [FuffrTouchTrace.Stroke(side: .right, start: start, duration: .milliseconds(150),
                                                            from: (0.2, 0.5), to: (0.8, 0.5))]
                    await board.touchCase.play(trace)
                }
                // Until the pulse (or 2 s), then a pause so the next input is not part of a gesture.
                let deadline = clock.now + .seconds(2)
                while stamps.pulses == before && clock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
                try await Task.sleep(for: .milliseconds(input == .button ? 50 : 450))
            }
        }
        let samples = stamps.samples
        let label = upload == nil ? "latency" : "latency, upload in flight"
        if let upload, let after = await pending(outbox) {
            // In flight all along: a walk was still pending (its parts going up) when the last input
            // was timed. Pending bytes count whole files, so they fall only when a walk is stored.
            print("upload during the \(String(format: "%.0f", measuring.duration(to: clock.now) / .seconds(1))) s of inputs: \(upload.files) walks of "
                + "\(upload.fileBytes / 1_048_576) MiB, \(after / 1_048_576) MiB still pending at the end"
                + (after > 0 ? " (in flight throughout)" : " (it finished before the last input: fewer inputs saw it)"))
            if let status = await uploadStatus(outbox), status.lastError != nil || status.stopped != nil || status.holding {
                print("upload: \(status.stopped ?? status.lastError ?? "holding")")
            }
        }
        for input in Input.allCases {
            let sorted = (samples[input] ?? []).sorted()
            guard !sorted.isEmpty else {
                print("\(label) \(input.rawValue): no pulse for any of \(count) inputs")
                continue
            }
            func percentile(_ p: Double) -> String {
                let index = min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))
                return milliseconds(sorted[index])
            }
            let note = input == .pencil ? " (each includes the 5 ms the SDK holds a release back as debounce)" : ""
            print("\(label) \(input.rawValue): p50 \(percentile(0.5)), p99 \(percentile(0.99)), max \(milliseconds(sorted[sorted.count - 1])) over \(sorted.count) of \(count) inputs\(note)")
        }
    }

    /// The bytes the outbox has yet to send, from its status part; nil without an outbox.
    static func pending(_ outbox: BackgroundWork?) async -> Int64? {
        await uploadStatus(outbox)?.pendingBytes
    }

    /// The outbox's part of the status; nil without an outbox.
    static func uploadStatus(_ outbox: BackgroundWork?) async -> UploadStatus? {
        guard let part = outbox?.statusPart else { return nil }
        var report = StatusReport(wayfinderVersion: "", uptimeSeconds: 0)
        await part(&report)
        return report.upload
    }

    /// Earlier walks in the state directory's `tracks/`, each a sparse track (zeros the kernel does
    /// not store) and its manifest, so the outbox takes them at once: a walk goes up once its
    /// manifest exists (docs/upload.md).
    static func makeWalks(in state: String, _ upload: UploadTarget) throws {
        let tracks = "\(state)/tracks"
        try FileManager.default.createDirectory(atPath: tracks, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: state)
        for index in 1...max(1, upload.files) {
            let stem = "\(tracks)/2000-01-01T000\(index)Z-latency-bench"
            let fd = open(stem + ".gpx", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw DeadlineExceeded("cannot make \(stem).gpx", limit: .zero) }
            defer { close(fd) }
            guard ftruncate(fd, off_t(upload.fileBytes)) == 0 else { throw DeadlineExceeded("cannot size \(stem).gpx", limit: .zero) }
            try Array("{}\n".utf8).withUnsafeBytes { bytes in
                try Data(bytes).write(to: URL(fileURLWithPath: stem + ".manifest.json"))
            }
        }
    }

    /// A 150 ms press of an active-low button (falling, then rising edge), delivered at once with its
    /// kernel timestamps, as the GPIO reader delivers a release: the press is decided on the release.
    static func press(_ board: SimulatedBoard, line: UInt32, now: Duration, stamps: Stamps) {
        board.inject(GPIOEdgeEvent(offset: line, edge: .falling, timestamp: now - .milliseconds(150)))
        stamps.input(.button)
        board.inject(GPIOEdgeEvent(offset: line, edge: .rising, timestamp: now))
    }

    static func milliseconds(_ d: Duration) -> String {
        String(format: "%.3f ms", d / .milliseconds(1))
    }
}
