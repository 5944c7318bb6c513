import ArgumentParser
import BLE
import Config
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Gestures
import Logging
import Platform
import Runtime
import Simulation
import Vocabulary
import TouchCase
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Controls
import Dispatch

/// `wayfinder record`: FingerBlade-style gesture samples from the touch case (docs/recording.md).
/// Connects to the case, runs the gesture pipeline on its touches, and writes every touch,
/// transition, prompt and sample end to one JSON Lines file per session.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record touch samples from the touch case, with the recognized gestures and label prompts.",
        usage: """
            wayfinder record [--config <config>] [--simulated] [--trace <trace>]
                             [--loop] [--data-directory <data-directory>]
                             [--prompt <prompt>] [--prompts <prompts>]
                             [--repeats <repeats>] [--recognizers <recognizers>]
                             [--handedness <handedness>] [--sample-gap <seconds>]
                             [--sides <sides>]
                             [--touches-per-side <touches-per-side>]
                             [--duration <seconds>] [--adapter <adapter>] [--verbose]
            """,
        discussion: """
        Writes one JSON Lines file per session, gestures-<UTC start>.jsonl, in --data-directory (default: \
        the configuration's state directory + /samples). The first line describes the session; then one \
        line per touch, recognized transition, prompt and sample end, written as they happen and synced \
        at each sample end and at least every second, so a killed session leaves every sample up to then. \
        A sample ends when all fingers are up and the case was quiet for --sample-gap seconds; with \
        prompts, the next prompt follows every --repeats samples.

        With --simulated (or a configuration naming the simulated board) the touches come from the \
        simulated Fuffr case over a socketpair, playing --trace FILE or a built-in labelling session; \
        otherwise from the case [devices.touch_case] selects. Stop with Ctrl-C (or --duration).

        Examples:
          wayfinder record --prompts cuts.txt --repeats 5
                                  label five samples per prompt
          wayfinder record --simulated --data-directory /tmp/s
                                  the built-in trace, then exit
          wayfinder gestures replay /tmp/s/gestures-….jsonl --recognizers new.json
                                  the samples again, through other recognizers

        Exit status: 0 recorded; 1 the file could not be written; 69 no usable adapter; 73 the file \
        could not be created; 78 the configuration, recognizers, prompts or trace are invalid.
        """)

    @Option(name: .shortAndLong, help: "The configuration file ([devices.touch_case], the board's adapter, state_directory). Not needed with --simulated.")
    var config: String?

    @Flag(help: "Record from the simulated Fuffr case instead of Bluetooth.")
    var simulated = false

    @Option(help: "With --simulated: the touch trace to play (JSON, docs/recording.md); default a built-in labelling session.")
    var trace: String?

    @Flag(help: "With --simulated: play the trace again and again until stopped.")
    var loop = false

    @Option(help: "Where the session file goes (default: <state directory>/samples).")
    var dataDirectory: String?

    @Option(help: "One label prompt for every sample, e.g. \"swipe right\".")
    var prompt: String?

    @Option(help: "A file of label prompts, one per line (# comments), asked in turn and cycled.")
    var prompts: String?

    @Option(help: "Samples per prompt before the next prompt.")
    var repeats: Int = 1

    @Option(help: "The recognizer set: JSON with a conformance scenario's pipeline, recognizers, failureRequirements and simultaneous keys; default the standard set.")
    var recognizers: String?

    @Option(help: "The wearer's hand: right or left (left mirrors x). Default: [gestures] handedness of the configuration, else right.")
    var handedness: String?

    @Option(help: ArgumentHelp("Seconds of quiet, all fingers up, that end a sample.", valueName: "seconds"))
    var sampleGap: Double = 1

    @Option(help: "The case's sides to sense, comma-separated. Default: [devices.touch_case] sides of the configuration, else all four.")
    var sides: String?

    @Option(help: "Touches per side the case tracks (1–5).")
    var touchesPerSide: Int = 5

    @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "seconds"))
    var duration: Double?

    @Option(help: "The Bluetooth adapter (default: the board's).")
    var adapter: String?

    @Flag(name: .shortAndLong, help: "Log each step.")
    var verbose = false

    func validate() throws {
        if prompt != nil, prompts != nil { throw ValidationError("give --prompt or --prompts, not both") }
        guard (1...1000).contains(repeats) else { throw ValidationError("--repeats must be 1–1000") }
        guard sampleGap.isFinite, (0.6...60).contains(sampleGap) else {
            throw ValidationError("--sample-gap must be 0.6–60 seconds (longer than the recognizers' 500 ms timers)")
        }
        if let duration, !(duration.isFinite && duration > 0 && duration <= 31 * 86_400) {
            throw ValidationError("--duration must be > 0 seconds and at most 31 days")
        }
        if handedness.map({ Handedness(rawValue: $0) == nil }) ?? false { throw ValidationError("--handedness must be right or left") }
        guard (1...TouchEnableCommand.maximumTouchesPerSide).contains(touchesPerSide) else {
            throw ValidationError("--touches-per-side must be 1–5")
        }
        if trace != nil || loop, !simulated, config == nil { throw ValidationError("--trace and --loop need --simulated") }
    }

    func run() async throws {
        let format = LogFormat.detect(environment: ProcessEnvironment.current)
        let level: Logger.Level = verbose ? .info : .warning
        LoggingSystem.bootstrap { LineLogHandler(label: $0, level: level, format: format) }
        let logger = Logger(label: "record")

        var configuration: WayfinderConfiguration?
        if config != nil || !simulated {
            let path = config ?? WayfinderConfiguration.defaultPath
            do {
                configuration = try ConfigurationLoader.appliance(boards: .standard(environment: ProcessEnvironment.current,
                                                                          executablePath: ProcessEnvironment.executablePath))
                    .load(path: path)
            } catch {
                fail("\(error)", ExitStatus.configuration)
            }
        }
        let simulate = simulated || (configuration?.board.isSimulated ?? false)
        if !simulate, trace != nil || loop {
            fail("--trace and --loop play the simulated case: add --simulated", ExitStatus.configuration)
        }
        // What the appliance would sense and recognize: the configuration's hand and sides, unless
        // the command line says otherwise.
        let set = try recognizerSet(handedness: handedness.flatMap(Handedness.init(rawValue:)) ?? configuration?.gestures.handedness)
        let labels = try promptList()
        let command = try enableCommand(sides: sides ?? configuration.map { configured in
            CaseSide.allCases.filter { side in configured.touchCaseSettings.sides.contains { $0.rawValue == side.rawValue } }
                .map(\.rawValue).joined(separator: ",")
        } ?? "top,bottom,left,right")
        var playing = FuffrTouchTrace.labellingDemo
        if let trace {
            guard let bytes = FileManager.default.contents(atPath: trace) else { fail("cannot read --trace \(trace)", ExitStatus.configuration) }
            do { playing = try FuffrTouchTrace(json: Array(bytes)) } catch { fail("--trace \(trace): \(error)", ExitStatus.configuration) }
        }
        let round = playing
        let period = playing.end + .seconds(2)

        let clock = SessionClock.continuous()
        let connector: any GATTConnector
        let device: String
        var looping: Task<Void, Never>?
        if simulate {
            let host = FuffrPeripheralHost(peripheral: FuffrPeripheral(trace: playing), clock: clock, logger: logger)
            connector = host.connector(clock: clock, logger: logger)
            if loop {
                // Each round is handed to the case 1 s before it starts, while the previous one is over.
                looping = Task {
                    for k in 1... {
                        let start = period * k
                        do { try await clock.sleep(until: SessionInstant(offset: start - .seconds(1))) } catch { return }
                        await host.play(round.shifted(by: start))
                    }
                }
            }
            device = "simulated Fuffr case (\(trace.map { "trace \($0)" } ?? "built-in labelling trace")\(loop ? ", looped" : ""))"
        } else if let configuration {
            let adapterName = adapter ?? configuration.board.bluetoothAdapter
            do {
                connector = try TouchCaseConnector.connector(for: configuration.touchCase, adapter: adapterName,
                                                             stateDirectory: configuration.stateDirectory, logger: logger)
            } catch {
                fail("touch case on \(adapterName): \(error)", 69)
            }
            let selection = configuration.touchCase
            if !selection.enabled { Self.say("note: [devices.touch_case] has enabled = false; recording anyway") }
            device = "touch case " + (selection.address ?? "named \(selection.nameContains.joined(separator: " or "))") + " on \(adapterName)"
        } else {
            fail("no configuration and not --simulated", ExitStatus.configuration)
        }

        // The file last before starting: every check that can refuse the session has passed, so a
        // refused session leaves no empty file behind.
        let stateDirectory = configuration?.stateDirectory ?? "/var/lib/wayfinder"
        // Samples go where the appliance keeps its state unless told otherwise: a state directory the
        // appliance would refuse is refused here too, with the same words.
        if dataDirectory == nil, let refusal = StateDirectory.refusal(for: stateDirectory) {
            fail("\(refusal); or give --data-directory", ExitStatus.configuration)
        }
        let directory = dataDirectory ?? "\(stateDirectory)/samples"
        // Created private (0700) like the state directory it usually sits in; an existing one is kept as it is.
        if !FileManager.default.fileExists(atPath: directory) {
            do { _ = try PrivateDirectory.prepare(directory) } catch {
                fail("cannot create the data directory \(directory): \(error)", 73)
            }
        }
        let started = Date()
        let header = RecordingHeader(
            startedUTC: RecordingHeader.utc(started), device: device,
            configuration: .object([
                "config": configuration.map { .string($0.sourcePath) } ?? .null,
                "sides": .array(command.sides.sides.map { .string($0.rawValue) }),
                "touches_per_side": .number(Double(command.touchesPerSide)),
                "prompts": .array(labels.map(JSONValue.string)),
                "repeats": .number(Double(repeats)),
                "sample_gap_ms": .number(sampleGap * 1000),
                "sync_interval_ms": .number(1000),
            ]),
            recognizers: set.document)
        // The file appears holding its header line, so a kill at any moment leaves a readable file.
        let file = try createFile(in: directory, started: started,
                                  header: Array((RecordingLineCodec.encode(.header(header)) + "\n").utf8))
        let touchCase = TouchCaseActor(connector: connector, command: command, clock: clock, logger: logger)
        let recorder = GestureRecorder(recognizers: set, settings: .init(prompts: labels, repeats: repeats,
                                                                           sampleGapMs: sampleGap * 1000))
        let session = GestureRecordingActor(recorder: recorder, file: file, touches: touchCase.touches, clock: clock,
                                            logger: logger, notify: Self.tell)
        Self.say("recording to \(file.path)")

        let (stops, stop) = AsyncStream.makeStream(of: String.self)
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.yield("signal") }
            source.resume()
            return source
        }
        let caseTask = Task { _ = try? await touchCase.run() }
        let sessionTask = Task { await session.run(header: header, fileHoldsHeader: true) }
        var timers: [Task<Void, Never>] = []
        if let duration {
            timers.append(Task { try? await clock.sleep(for: .milliseconds(Int64(duration * 1000))); stop.yield("duration") })
        }
        if simulate, !loop {
            let done = playing.end + .milliseconds(Int64(sampleGap * 1000) + 500)
            timers.append(Task { try? await clock.sleep(until: SessionInstant(offset: done)); stop.yield("trace played") })
        }
        var reason = "stopped"
        for await why in stops { reason = why; break }
        await session.finish(reason: reason)
        await touchCase.stop()
        caseTask.cancel()
        sessionTask.cancel()
        for timer in timers { timer.cancel() }
        looping?.cancel()
        for source in signals { source.cancel() }
        let touches = await session.touchesRecorded, samples = await session.samplesFinished
        Self.say("\(touches) touch events, \(samples) sample\(samples == 1 ? "" : "s") recorded (\(reason)): \(file.path)")
        if await session.hasFailed { throw ExitCode(1) }
    }

    // MARK: Pieces

    private func recognizerSet(handedness hand: Handedness?) throws -> RecognizerSet {
        var set = RecognizerSet.standard
        if let recognizers {
            guard let bytes = FileManager.default.contents(atPath: recognizers) else {
                fail("cannot read --recognizers \(recognizers)", ExitStatus.configuration)
            }
            do { set = try RecognizerSet(json: Array(bytes)) } catch { fail("--recognizers \(recognizers): \(error)", ExitStatus.configuration) }
        }
        if let hand { set = set.with(handedness: hand) }
        let problems = set.problems
        guard problems.isEmpty else {
            fail("--recognizers \(recognizers ?? "(standard set)"): \(problems.joined(separator: "; "))", ExitStatus.configuration)
        }
        return set
    }

    private func promptList() throws -> [String] {
        if let prompt { return [prompt] }
        guard let prompts else { return [] }
        guard let data = FileManager.default.contents(atPath: prompts) else { fail("cannot read --prompts \(prompts)", ExitStatus.configuration) }
        let labels = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { Self.trimmingBlanks($0) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !labels.isEmpty else { fail("--prompts \(prompts) holds no prompt (one per line)", ExitStatus.configuration) }
        return labels
    }

    private func enableCommand(sides: String) throws -> TouchEnableCommand {
        var chosen: [CaseSide] = []
        for name in sides.split(separator: ",").map({ Self.trimmingBlanks($0) }) {
            guard let side = CaseSide(rawValue: name) else {
                fail("--sides: \"\(name)\" is not a side (top, bottom, left, right)", ExitStatus.configuration)
            }
            chosen.append(side)
        }
        guard !chosen.isEmpty, let command = TouchEnableCommand(sides: CaseSides(chosen), touchesPerSide: touchesPerSide) else {
            fail("--sides names no side", ExitStatus.configuration)
        }
        return command
    }

    /// `gestures-20261122T072619Z.jsonl`, or `-2`, `-3`… when a session started in the same second.
    private func createFile(in directory: String, started: Date, header: [UInt8]) throws -> AppendOnlyFile {
        let stamp = RecordingHeader.utc(started).literallyReplacing("-", with: "").literallyReplacing(":", with: "")
        let base = "\(directory)/gestures-\(stamp.prefix(15))Z"
        for attempt in 1...100 {
            let path = attempt == 1 ? "\(base).jsonl" : "\(base)-\(attempt).jsonl"
            do { return try AppendOnlyFile(creating: path, initialContent: header) } catch {
                if error.errno == EEXIST { continue }
                fail("\(error)", 73)
            }
        }
        fail("cannot create a new file beside \(base).jsonl (100 sessions in one second?)", 73)
    }


    /// `text` without the spaces and tabs around it (Unicode's space separators and U+0009, the set
    /// `CharacterSet.whitespaces` names).
    static func trimmingBlanks(_ text: some StringProtocol) -> String {
        text.trimmingScalars { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    @Sendable static func tell(_ notice: GestureRecordingActor.Notice) {
        switch notice {
        case .prompt(let sample, let label):
            say("sample \(sample): now \(label)")
        case .sampleFinished(let number, let gestures):
            say("sample \(number) done: \(gestures.isEmpty ? "no gesture recognized" : gestures.joined(separator: ", "))")
        case .writeFailed(let why):
            printError("wayfinder record: \(why)")
        }
    }

    /// One line on stdout, written at once (stdout is a pipe under tests and tools).
    static func say(_ text: String) {
        StandardStream.output.write(text + "\n")
    }

    private func fail(_ text: String, _ status: Int32) -> Never {
        printError("wayfinder record: \(text)")
        Glibc.exit(status)
    }
}
