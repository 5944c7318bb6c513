import ArgumentParser
import Config
import Gestures
import Platform
import Runtime

struct BoardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board",
        abstract: "Inspect the board the configuration names.",
        subcommands: [Check.self])

    /// Checks that what the configuration's board needs is present: the header GPIO chip (by label),
    /// the I2C bus, the Bluetooth adapter and the GPS source — so a wiring or setup problem shows before a walk.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check the GPIO chip, I2C bus, Bluetooth adapter and GPS source of the configured board.",
            discussion: "Exits 0 when everything the board needs was found, 1 otherwise.")

        @OptionGroup var file: ConfigurationPath

        @Flag(help: "Print one JSON object: the board, and each check with ok and what was found or wrong.")
        var json = false

        func run() async throws {
            let config = file.path
            let c = try ConfigurationFile.load(config, advice: "`wayfinder config check \(config)` lists every problem.")
            let board = c.board
            let library = "\(GPIOLibrary.version) (\(GPIOLibrary.apiFlavour.rawValue) API\(GPIOLibrary.hasKernelDebounce ? ", kernel debounce" : ", debounced in user space"))"
            var checks: [JSONValue] = []
            var failures = 0
            func record(_ what: String, ok: Bool?, _ detail: String) {
                if ok == false { failures += 1 }
                if json {
                    var entry: [String: JSONValue] = ["check": .string(what), "detail": .string(detail)]
                    entry["ok"] = ok.map { .bool($0) } ?? .null
                    checks.append(.object(entry))
                } else {
                    print("  \(ok == nil ? "-   " : ok == true ? "ok  " : "FAIL")  \(what): \(detail)")
                }
            }
            func finish() throws {
                if json {
                    print(JSONText.encode(JSONValue.object(["board": .string(board.id), "name": .string(board.name),
                                                            "libgpiod": .string(library), "checks": .array(checks),
                                                            "ok": .bool(failures == 0)])))
                }
                if failures > 0 { throw ExitCode(1) }
            }
            if !json {
                print("board \(board.id): \(board.name)")
                print("  libgpiod \(library)")
            }
            if board.isSimulated {
                record("hardware", ok: nil, "simulated board: no hardware to check")
                return try finish()
            }
            func report(_ what: String, _ body: () throws -> String) {
                do {
                    record(what, ok: true, try body())
                } catch {
                    record(what, ok: false, "\(error)")
                }
            }
            report("GPIO chip") {
                var lastError: (any Error)?
                for label in board.gpioChipLabels {
                    do {
                        let chip = try GPIOChip(label: label)
                        return "\(chip.name) \"\(chip.label)\" with \(chip.lineCount) lines"
                    } catch { lastError = error }
                }
                throw lastError ?? GPIOError.noLines
            }
            report("I2C bus") {
                let bus = try I2CBus(bus: board.i2cBus)
                defer { bus.close() }
                return "\(bus) opens"
            }
            report("Bluetooth adapter") {
                let adapter = try BluetoothAdapter.named(board.bluetoothAdapter)
                guard adapter.isUp else {
                    throw BoardProblem("\(adapter.name) is down: `sudo bluetoothctl power on` or check `rfkill list`")
                }
                return "\(adapter)"
            }
            // The GPS source as `wayfinder run` opens it, with the same advice when it cannot.
            switch c.gps {
            case .uart(let device, let baud):
                report("GPS") {
                    if case .permissionDenied(let group) = DeviceAccess.check(device) {
                        throw BoardProblem(DeviceAccess.permissionHint(path: device, group: group))
                    }
                    let port = try SerialPort(path: device, baud: baud)
                    port.close()
                    return "\(device) opens at \(baud) baud"
                }
            case .gpsd(let host, let port):
                do {
                    let socket = try await TCPConnection.connect(host: host, port: port, timeout: .seconds(3))
                    socket.close()
                    record("GPS", ok: true, "gpsd answers at \(host):\(port)")
                } catch {
                    record("GPS", ok: false, "gpsd at \(host):\(port): \(GPSDFeed.explain(error, host: host, port: port))")
                }
            case .ubloxI2C, .none, .simulated:
                record("GPS", ok: nil, "[gps] source is not a UART or gpsd; not checked here")
            }
            try finish()
        }
    }
}

struct BoardProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
