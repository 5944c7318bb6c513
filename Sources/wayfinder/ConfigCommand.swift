import ArgumentParser
import Config
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Gestures
import Runtime
import Upload
import UploadPlatform
import Controls
import Navigation
import Simulation

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Work with the configuration file.",
        subcommands: [Check.self])

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Check a configuration file and report every problem at once.",
            discussion: "Exits 0 when the file is valid, 78 (EX_CONFIG) when it is not.")

        @OptionGroup var file: ConfigurationPath

        @Flag(help: "Print the result as one JSON object: {\"file\",\"ok\",…} or the issues, each with file, line, column, key and message.")
        var json = false

        func run() throws {
            let path = file.path
            let loader = ConfigurationFile.loader
            do throws(ConfigError) {
                let c = try loader.load(path: path)
                // The file is valid; the directory it names must also be usable as it is.
                if let refusal = StateDirectory.refusal(for: c.stateDirectory) {
                    let text = (try? loader.files.read(path)).map { String(decoding: $0, as: UTF8.self) }
                    throw ConfigError(issues: [.located(file: path, text: text, keyPath: "state_directory",
                                                        message: refusal.description)])
                }
                let unitID = try Self.checkUpload(c, path: path, loader: loader)
                if json {
                    var summary: [String: JSONValue] = [
                        "file": .string(path), "ok": .bool(true), "board": .string(c.board.id), "route": .string(c.routePath),
                        "waypoints": .int(c.route.waypoints.count), "heading_source": .string(c.guidance.headingSource.rawValue),
                    ]
                    summary["declination"] = c.guidance.declinationFromModel ? .string("WMM2025") : .number(c.guidance.declination)
                    return print(JSONText.encode(JSONValue.object(summary)))
                }
                print("\(path): OK")
                print("  board      \(c.board.id) (\(c.board.name))")
                print("  route      \(c.routePath) (\(c.route.waypoints.count) waypoints)")
                let declination = c.guidance.declinationFromModel
                    ? "declination from WMM2025 at each fix (\(Self.degrees(c.guidance.declination)) until the first)"
                    : "declination fixed at \(Self.degrees(c.guidance.declination))"
                print("  heading    \(c.guidance.headingSource.rawValue), \(declination)")
                let pair = c.buttons.pairPencilLine.map { ["GPIO\($0)→pair-pencil (held)"] } ?? []
                print("  buttons    \((c.buttons.bindings.map(Self.summary) + pair).joined(separator: ", "))")
                print("  gestures   \((c.gestures.bindings.map(\.description) + c.gestures.clicks.sorted { $0.key.configName < $1.key.configName }.map { "\($0.key) → \($0.value)" }).joined(separator: ", "))")
                if c.touchCase.enabled {
                    let t = c.touchCaseSettings
                    print("  touch case \(t.sides.map(\.rawValue).sorted().joined(separator: "+")), \(t.touchesPerSide) per side, power saving \(t.powerSaving ? "on" : "off")")
                }
                print("  track      \(c.track.summary)")
                if var u = c.upload {
                    u.unitID = unitID
                    print("  upload     \(u.summary)")
                }
                if let m = c.metrics { print("  metrics    \(m.summary)") }
                if let s = c.simulation { print("  simulation \(s.acceleration)×, \(s.events.count) scripted events") }
            } catch {
                if json, case let config = error {
                    let issues = config.issues.map { issue -> JSONValue in
                        var object: [String: JSONValue] = ["file": .string(issue.file), "key": .string(issue.keyPath),
                                                           "message": .string(issue.message)]
                        if let line = issue.line { object["line"] = .int(line) }
                        if let column = issue.column { object["column"] = .int(column) }
                        return .object(object)
                    }
                    print(JSONText.encode(JSONValue.object(["file": .string(path), "ok": .bool(false), "issues": .array(issues)])))
                } else {
                    printError("\(error)")
                }
                throw ExitCode(ExitStatus.configuration)
            }
        }

        /// `[upload]`'s files, which the loader does not open: the credentials file (systemd's copy when
        /// the unit passed one) must be private and hold a key, and without a configured unit id the
        /// machine id must give one. The unit id, when there is an `[upload]`.
        static func checkUpload(_ c: WayfinderConfiguration, path: String, loader: ConfigurationLoader) throws(ConfigError) -> String? {
            guard let u = c.upload else { return nil }
            let text = (try? loader.files.read(path)).map { String(decoding: $0, as: UTF8.self) }
            let key = text?.contains("credentials") == true ? "upload.credentials" : "upload"
            var issues: [ConfigIssue] = []
            let credentials = CredentialsFile.location(configured: u.credentials,
                                                       credentialsDirectory: ProcessInfo.processInfo.environment["CREDENTIALS_DIRECTORY"])
            do throws(CredentialsFileError) {
                _ = try CredentialsFile.load(path: credentials)
            } catch {
                for issue in error.issues {
                    issues.append(issue.line == nil
                        ? .located(file: path, text: text, keyPath: key, message: issue.description)
                        : ConfigIssue(file: issue.file, line: issue.line, keyPath: "", message: issue.message))
                }
            }
            var unitID: String?
            switch MachineIDFile.unitID(configured: u.unitID) {
            case .success(let id): unitID = id
            case .failure(let problem):
                issues.append(.located(file: path, text: text, keyPath: "upload", message: problem.description))
            }
            guard issues.isEmpty else { throw ConfigError(issues: issues) }
            return unitID
        }

        /// `3.2° east`, `1.5° west`.
        static func degrees(_ value: Double) -> String {
            let tenths = (abs(value) * 10).rounded() / 10
            return "\(tenths)° \(value < 0 ? "west" : "east")"
        }

        /// "GPIO17→toggle-pause/stop (double: belt-home)": press, long press, double press.
        static func summary(_ b: ButtonBinding) -> String {
            var s = "GPIO\(b.line)→\(b.press?.configName ?? "-")"
            if let long = b.longPress { s += "/\(long.configName)" }
            if let double = b.doublePress { s += " (double: \(double.configName))" }
            return s
        }
    }
}
