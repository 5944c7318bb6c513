import ArgumentParser
import Platform
import Status
#if canImport(Glibc)
import Glibc
#endif

/// `wayfinder status`: the running appliance's status page, from its control socket.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what the running appliance is doing (over its control socket).",
        usage: """
            wayfinder status [--socket <path>] [--json] [--follow]
                             [--timeout <seconds>]
            """,
        discussion: """
        Examples:
          wayfinder status              the page: route, GPS, belt, case, pen, actors
          wayfinder status --follow     a line when what it says changes, until
                                        Ctrl-C or the appliance stops
          wayfinder status --json       the versioned JSON object (docs/control.md)

        The socket is for root and the wayfinder group. Exit status 3 means no
        appliance answers at the socket, or, with --follow, that it stopped.
        """)

    @Option(name: .long, help: ArgumentHelp("The appliance's control socket.", valueName: "path"))
    var socket: String = ControlSocketPath.default

    @Flag(name: .long, help: "Print the JSON object (one per line with --follow).")
    var json = false

    @Flag(name: .shortAndLong, help: "Keep printing: a line when what it says changes.")
    var follow = false

    @Option(name: .long, help: ControlSocketPath.timeoutHelp)
    var timeout: Double = ControlSocketPath.timeout

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    }

    func run() throws {
        let client = try ControlSocketCommand.connect(socket)
        do {
            try client.send((follow ? ControlRequest.follow : .status).line)
            var first = true
            var lines = FollowLineFilter()
            let started = ContinuousClock.now
            func show(_ line: String?) {
                guard let line else { return }
                print(line)
                fflush(nil)  // every stream: a follower piped into another program sees each line as it comes
            }
            while true {
                var wait: Int32 = -1
                if first || !follow {
                    wait = Int32(timeout * 1000)
                } else if let due = lines.deadline {
                    // Bounded by the filter's interval, so the conversion cannot trap.
                    let ms = max(0, min(60_000, (due - started.duration(to: .now)) / .milliseconds(1)))
                    wait = Int32(ms.rounded(.up))
                }
                // A follower's wait ends early only for a line held back (`FollowLineFilter.deadline`).
                let holding = follow && !first && wait >= 0
                guard let received = try Self.receive(client, timeout: wait, orNothingWhen: holding) else {
                    show(lines.due(at: started.duration(to: .now)))
                    continue
                }
                guard let line = received else {
                    if first { throw ControlSocketError(path: socket, .closedWithoutAnswer) }
                    // The appliance closes its followers' connections when it stops.
                    LineLogHandler.standardError("wayfinder: the appliance stopped (\(socket) closed)")
                    throw ExitCode(ControlSocketCommand.notRunning)
                }
                first = false
                let response = try ControlSocketCommand.response(line, socket: socket)
                guard let report = response.status else { throw ControlSocketCommand.failure(response, socket: socket) }
                if json {
                    show(StatusJSON.encode(report, pretty: !follow))
                } else if follow {
                    show(lines.offer(report, at: started.duration(to: .now)))
                } else {
                    print(StatusPage.render(report), terminator: "")
                    fflush(nil)
                }
                if !follow { return }
            }
        } catch let error as ControlSocketError {
            throw ControlSocketCommand.exit(error)
        }
    }

    /// The next packet (`.some(nil)` when the appliance closed the connection); nil when the wait
    /// timed out and `quietly` says that is expected.
    private static func receive(_ client: ControlSocketClient, timeout: Int32, orNothingWhen quietly: Bool) throws -> String?? {
        do {
            return .some(try client.receive(timeout: timeout))
        } catch {
            if quietly, error.kind == .timedOut { return nil }
            throw error
        }
    }
}

/// `wayfinder control`: the app-side controls, through the control socket.
struct ControlCommandLine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "control",
        abstract: "Steer the running appliance (next-waypoint, pause, route FILE, …).",
        usage: """
            wayfinder control <name> [--socket <path>] [--json]
                              [--timeout <seconds>]
            wayfinder control route <file> [--socket <path>] [--json]
                              [--timeout <seconds>]
            wayfinder control go-to <place|lat,lon> [--socket <path>]
                              [--json] [--timeout <seconds>]
            """,
        discussion: """
        Examples:
          wayfinder control next-waypoint   skip to the next waypoint
          wayfinder control intensity-up    answers with the new intensity
          wayfinder control route park.gpx  walk another route from the routes
                                            folder
          wayfinder control go-to home      walk to a place of [places], on a
                                            route planned on [route] map

        The controls are the commands a button or gesture is bound to in the
        configuration, by the same names:
        \(ControlCommandLine.vocabulary)
        and route FILE, go-to PLACE or go-to LAT,LON.
        Short names: \(ControlCommandLine.shortNames).

        Each control is logged by the appliance with who sent it, as a button
        press is. The answer says what the control did (docs/control.md has each
        control in each state of the walk), with --json the status after it.
        Exit status 3 means no appliance answers at the socket, 1 that the
        control was refused or did nothing (the reason is printed).
        """)

    /// The configuration's command names, wrapped to fit 80 columns.
    static var vocabulary: String {
        var lines: [String] = []
        var line = ""
        for name in ControlCommand.names.dropLast(2) {
            let word = name + ","
            if !line.isEmpty, line.count + 1 + word.count > 76 {
                lines.append(line)
                line = word
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines.map { "  " + $0 }.joined(separator: "\n")
    }

    static var shortNames: String {
        ControlCommand.aliases.map { "\($0.alias) for \($0.name)" }.joined(separator: ", ")
    }

    @Argument(help: "The control: a command name of the configuration (listed above), route or go-to.")
    var name: String

    @Argument(help: ArgumentHelp("For route: the GPX file's name in the routes folder; for go-to: a place or LAT,LON.", valueName: "file"))
    var argument: String?

    @Option(name: .long, help: ArgumentHelp("The appliance's control socket.", valueName: "path"))
    var socket: String = ControlSocketPath.default

    @Flag(name: .long, help: "Print the answer as JSON.")
    var json = false

    @Option(name: .long, help: ControlSocketPath.timeoutHelp)
    var timeout: Double = ControlSocketPath.timeout

    func validate() throws {
        do {
            _ = try ControlCommand(name: name, argument: argument)
        } catch {
            throw ValidationError(error.description)
        }
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    }

    func run() throws {
        let command: ControlCommand
        do {
            command = try ControlCommand(name: name, argument: argument)
        } catch {
            throw ValidationError(error.description)
        }
        do {
            let line = try ControlSocketClient.ask(socket, ControlRequest.control(command).line, timeout: Int32(timeout * 1000))
            let response = try ControlSocketCommand.response(line, socket: socket)
            if json {
                print(StatusJSON.encode(response, pretty: true))
            } else if let result = response.result {
                print("\(command): \(result)")
            }
            guard response.ok else {
                if !json { LineLogHandler.standardError("wayfinder: \(command): \(response.error ?? "refused")") }
                throw ExitCode.failure
            }
        } catch let error as ControlSocketError {
            throw ControlSocketCommand.exit(error)
        }
    }
}

/// Where the control socket is, and the plumbing `status` and `control` share.
enum ControlSocketPath {
    /// How long `status` and `control` wait for the answer: one default for both, above the longest
    /// a control's answer waits for the belt (`ApplianceControl.beltWait`, 8 s).
    static let timeout: Double = 10
    static let timeoutHelp = ArgumentHelp(
        "Seconds to wait for the answer; status and control wait alike, as a control's answer waits up to 8 s for the belt.",
        valueName: "seconds")

    /// The runtime directory systemd gives the unit (`RuntimeDirectory=wayfinder`).
    static let `default` = "/run/wayfinder/control.sock"

    /// The appliance's own default: `$RUNTIME_DIRECTORY/control.sock` under systemd.
    static func forAppliance(environment: [String: String]) -> String {
        // systemd may list several directories, separated by colons; ours is the first.
        if let directory = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, !directory.isEmpty {
            return "\(directory)/control.sock"
        }
        return Self.default
    }

    /// The id of group `name` (`getgrnam`), nil when the system has no such group: the socket is
    /// then for root and the appliance's user only.
    static func group(named name: String) -> UInt32? {
        guard let entry = getgrnam(name) else { return nil }
        return entry.pointee.gr_gid
    }
}

enum ControlSocketCommand {
    /// No appliance answers: the status systemd's `systemctl status` uses for "not running" (LSB).
    static let notRunning: Int32 = 3

    static func connect(_ path: String) throws -> ControlSocketClient {
        do {
            return try ControlSocketClient(path: path)
        } catch {
            throw exit(error)
        }
    }

    static func response(_ line: String, socket: String) throws -> ControlResponse {
        do {
            return try ControlResponse(line: line)
        } catch {
            LineLogHandler.standardError("wayfinder: \(socket): the appliance's answer is not understood (\(error)); is it the same version as this command?")
            throw ExitCode.failure
        }
    }

    static func failure(_ response: ControlResponse, socket: String) -> any Error {
        LineLogHandler.standardError("wayfinder: \(socket): \(response.error ?? "refused")")
        return ExitCode.failure
    }

    static func exit(_ error: ControlSocketError) -> any Error {
        LineLogHandler.standardError("wayfinder: \(error)")
        switch error.kind {
        case .notRunning: return ExitCode(notRunning)
        default: return ExitCode.failure
        }
    }
}
