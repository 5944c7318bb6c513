import ArgumentParser
import BLE
import Belt
import Config
import Logging
import Platform
import Runtime
import Simulation

/// Where `wayfinder belt vibrate|signal|battery|mode` find the belt: the configuration's
/// `[devices.belt]` (a fixed address or the discovery rules) on the board's adapter, an address given
/// here, or a simulated belt in this process (`--simulated`, no Bluetooth needed).
struct BeltDeviceOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "The configuration file ([devices.belt] and the board's adapter).")
    var config: String = WayfinderConfiguration.defaultPath

    @Option(help: "Talk to the belt at this address instead of the configured one.")
    var address: String?

    @Option(help: "With --address: public or random (default: learned by scanning).")
    var addressType: String?

    @Option(help: "The Bluetooth adapter (default: the board's, or hci0 with --address).")
    var adapter: String?

    @Flag(help: "Talk to a simulated belt in this process over real ATT PDUs, without Bluetooth.")
    var simulated = false

    @Flag(name: .shortAndLong, help: "Log the connection's progress.")
    var verbose = false

    func validate() throws {
        if let address, BluetoothAddress(string: address) == nil {
            throw ValidationError("--address \(address) is not a Bluetooth address (AA:BB:CC:DD:EE:FF)")
        }
        if let addressType, !["public", "random"].contains(addressType) {
            throw ValidationError("--address-type must be public or random")
        }
    }
}

/// One connection to the belt for the duration of a command: connect and complete the handshake
/// (`GATTBeltLink`, as the appliance does), run the body, disconnect.
enum BeltDoor {
    /// The connected belt: its link, and every event it has reported so far.
    struct Connected: Sendable {
        let link: GATTBeltLink
        let events: EventLog
        let initialMode: BeltMode

        /// Each write is bounded by the link (`GATTBeltLink.limits`).
        func send(_ commands: [BeltCommand]) async throws {
            for command in commands { try await link.send(command) }
        }

        /// The first event after `index` that `match` accepts, waiting up to `limit` for it.
        func next<T: Sendable>(after index: Int, within limit: Duration, _ what: String,
                               _ match: @escaping @Sendable (BeltEvent) -> T?) async throws -> T {
            let events = self.events
            return try await withDeadline(limit, what) {
                while true {
                    if let found = await events.first(after: index, match) { return found }
                    if let failure = await events.failure { throw failure }
                    if await events.ended { throw BeltLinkError.connectionLost }
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
        }
    }

    /// Collects the link's events so commands can wait for answers.
    actor EventLog {
        private(set) var all: [BeltEvent] = []
        private(set) var ended = false
        /// Why the connection attempt failed, if it did.
        private(set) var failure: BeltLinkError?

        func record(_ event: BeltLinkEvent) {
            switch event {
            case .belt(let event):
                all.append(event)
                switch event {
                case .disconnected, .switchedOff: ended = true
                default: break
                }
            case .attemptFailed(let error, _):
                failure = error
                ended = true
            case .closed:
                ended = true
            }
        }

        func first<T>(after index: Int, _ match: (BeltEvent) -> T?) -> T? {
            all.dropFirst(index).lazy.compactMap(match).first
        }

        var count: Int { all.count }
    }

    static func withBelt<T: Sendable>(_ options: BeltDeviceOptions, _ body: (Connected) async throws -> T) async throws -> T {
        let level: Logger.Level = options.verbose ? .info : .warning
        let format = LogFormat.detect(environment: ProcessEnvironment.current)
        LoggingSystem.bootstrap { LineLogHandler(label: $0, level: level, format: format) }
        let logger = Logger(label: "belt")
        let simulatedBelt = BeltPeripheralHost(clock: .continuous(), logger: logger)
        let connector = try connector(options, simulated: simulatedBelt, logger: logger)
        // One attempt, no reconnection: a command either reaches the belt now or says why not.
        let link = GATTBeltLink(connector: connector, clock: .continuous(), policy: .whenAsked, logger: logger)
        let log = EventLog()
        let recorder = Task {
            for await event in link.events { await log.record(event) }
        }
        defer { recorder.cancel() }
        await link.connect()
        let connected = Connected(link: link, events: log, initialMode: .unknown)
        do {
            // The link reports the belt's mode first, then `.connected` (BeltLink's contract); the
            // attempt is bounded by the link, the handshake step by step, this wait by both and a margin.
            _ = try await connected.next(after: 0, within: GATTBeltLink.limits.attempt + .seconds(15), "the handshake") { event -> Bool? in
                if case .connected = event { return true } else { return nil }
            }
        } catch {
            await link.disconnect()
            printError("wayfinder: cannot reach the belt: \(error)\n"
                       + "wayfinder: is it switched on and in range? `wayfinder scan` lists what is nearby.")
            throw ExitCode(69)
        }
        let mode = await log.first(after: 0) { event -> BeltMode? in
            if case .modeChanged(let m) = event { return m } else { return nil }
        } ?? .unknown
        let ready = Connected(link: link, events: log, initialMode: mode)
        do {
            let result = try await body(ready)
            await link.disconnect()
            await report(simulatedBelt)
            return result
        } catch {
            await link.disconnect()
            await report(simulatedBelt)
            throw error
        }
    }

    /// What a simulated belt received, on stderr: the bytes' meaning, so a try-out shows its effect.
    private static func report(_ host: BeltPeripheralHost) async {
        let records = await host.records
        guard !records.isEmpty else { return }
        let received = records.filter { $0.command != .answerKeepAlive }.map { "\($0.command)" + ($0.problem.map { " (\($0))" } ?? "") }
        printError("simulated belt received: " + received.joined(separator: "; "))
        for violation in await host.violations { printError("simulated belt: protocol violation: \(violation)") }
    }

    private static func connector(_ options: BeltDeviceOptions, simulated: BeltPeripheralHost,
                                  logger: Logger) throws -> any GATTConnector {
        if options.simulated { return simulated.connector(logger: logger) }
        var selection: DeviceSelection
        var adapter = options.adapter ?? "hci0"
        var stateDirectory: String?
        if let address = options.address {
            // An address given here is an allowlist of one, as `address` in [devices.belt] is.
            selection = DeviceSelection(enabled: true, address: address)
            selection.addressType = options.addressType.map { $0 == "random" ? .leRandom : .lePublic }
        } else {
            let configuration = try ConfigurationFile.load(
                options.config, advice: "give --address, or fix the configuration (`wayfinder config check \(options.config)`).")
            if configuration.board.isSimulated { return simulated.connector(logger: logger) }
            selection = configuration.belt
            adapter = options.adapter ?? configuration.board.bluetoothAdapter
            stateDirectory = configuration.stateDirectory
        }
        do {
            return try DeviceConnectors.connector(for: selection, kind: .belt, adapter: adapter,
                                                  stateDirectory: stateDirectory, logger: logger)
        } catch {
            printError("wayfinder: \(error)")
            throw ExitCode(69)
        }
    }

    static func withDeadline<T: Sendable>(_ limit: Duration, _ what: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await Platform.withDeadline(limit, timeout: { DeadlineExceeded(what, limit: limit) }, body)
    }
}
