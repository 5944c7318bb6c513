import Foundation
import Glibc
import Runtime
import WayfinderTestKit
import XCTest

/// deploy/wayfinder.service's restart policy, checked offline: systemd never reboots the wearable or
/// gives up on it, a bad configuration (exit 78) is not restarted, and the unit stays valid and
/// hardened for this machine's systemd (`systemd-analyze verify`, `systemd-analyze security
/// --offline=yes`). DegradedStartTests checks the process's side: missing devices do not end it.
final class UnitPolicyTests: XCTestCase {
    var unitPath: String { "\(Repository.root)/deploy/wayfinder.service" }

    /// The unit's `Key=value` lines (comments dropped), in order.
    func settings() throws -> [(key: String, value: String)] {
        try String(contentsOfFile: unitPath, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }
    }

    func value(_ key: String) throws -> [String] { try settings().filter { $0.key == key }.map(\.value) }

    func testTheUnitRestartsForEverWithoutRebootingAndNeverAfterABadConfiguration() throws {
        XCTAssertEqual(try value("StartLimitAction"), [], "no reboot (or other action) when starts fail")
        XCTAssertEqual(try value("StartLimitIntervalSec"), ["0"], "no start rate limit: systemd never gives up")
        XCTAssertEqual(try value("Restart"), ["always"])
        XCTAssertEqual(try value("RestartPreventExitStatus"), ["78"], "EX_CONFIG, what `run` exits with for a bad configuration")
        XCTAssertEqual(try value("RestartSec"), ["5"])
        XCTAssertEqual(try value("RestartSteps"), ["5"])
        XCTAssertEqual(try value("RestartMaxDelaySec"), ["120"])
        XCTAssertEqual(try value("StateDirectoryMode"), ["0700"])
        XCTAssertEqual(try value("UMask"), ["0077"])
    }

    /// The directory systemd makes for `StateDirectory=` (with `StateDirectoryMode=`, 0755 when the
    /// unit leaves it out, systemd.exec(5)) is one the appliance accepts: it refuses any other.
    func testTheStateDirectoryTheUnitMakesIsOneTheApplianceAccepts() throws {
        XCTAssertEqual(try value("StateDirectory"), ["wayfinder"], "the state_directory of deploy/wayfinder.toml, /var/lib/wayfinder")
        let mode = try XCTUnwrap(mode_t(value("StateDirectoryMode").last ?? "0755", radix: 8))
        let directory = NSTemporaryDirectory() + "wayfinder-unit-state-\(UUID().uuidString)"
        XCTAssertEqual(mkdir(directory, 0o700), 0)
        defer { rmdir(directory) }
        XCTAssertEqual(chmod(directory, mode), 0)
        XCTAssertNil(StateDirectory.refusal(for: directory), "mode \(String(mode, radix: 8))")
        XCTAssertEqual(chmod(directory, 0o755), 0)
        XCTAssertNotNil(StateDirectory.refusal(for: directory), "systemd's default mode would be refused")
    }

    func testTheControlSocketsDirectoryIsTheGroupsToEnterAndNoOneElses() throws {
        XCTAssertEqual(try value("RuntimeDirectory"), ["wayfinder"], "the default socket is /run/wayfinder/control.sock")
        XCTAssertEqual(try value("RuntimeDirectoryMode"), ["0750"])
        XCTAssertEqual(try value("Group"), ["wayfinder"], "the socket file gets the group of the process that makes it")
    }

    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// The systemd on this machine, e.g. 252; nil when it cannot say.
    func systemdVersion() throws -> Int? {
        let (_, output) = try run(["--version"])
        return output.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    func testSystemdAnalyzeVerifyFindsNothingButTheKeysOlderSystemdDoesNotKnow() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else { throw XCTSkip("no systemd-analyze here") }
        // The binary and its man page are not installed on this machine: a copy that starts /bin/true.
        let directory = NSTemporaryDirectory() + "wayfinder-unit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let copy = directory + "/wayfinder.service"
        let text = try String(contentsOfFile: unitPath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("ExecStart=") ? "ExecStart=/bin/true" : line.hasPrefix("Documentation=") ? "" : String(line)
        }.joined(separator: "\n")
        try text.write(toFile: copy, atomically: true, encoding: .utf8)
        let (status, output) = try run(["verify", copy])
        XCTAssertEqual(status, 0, output)
        let version = try systemdVersion() ?? 0
        let findings = output.split(separator: "\n").filter { line in
            // systemd.service(5): RestartSteps= and RestartMaxDelaySec= are "Added in version 254".
            let tolerated = version < 254 && (line.hasSuffix("Unknown key 'RestartSteps' in section [Service], ignoring.")
                                              || line.hasSuffix("Unknown key 'RestartMaxDelaySec' in section [Service], ignoring."))
            return !tolerated
        }
        XCTAssertEqual(findings, [], "systemd \(version): \(output)")
    }

    func testSystemdAnalyzeSecurityScoresTheUnitAtMost2() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else { throw XCTSkip("no systemd-analyze here") }
        let (_, output) = try run(["security", "--offline=yes", unitPath])
        let marker = "Overall exposure level for wayfinder.service: "
        let line = try XCTUnwrap(output.split(separator: "\n").first { $0.contains(marker) }, output)
        let score = line.components(separatedBy: marker).last?.split(separator: " ").first.flatMap { Double($0) }
        XCTAssertLessThanOrEqual(try XCTUnwrap(score, String(line)), 2.0, String(line))
    }
}
