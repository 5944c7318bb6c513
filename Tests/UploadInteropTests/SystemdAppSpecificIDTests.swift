import Foundation
import Upload
import UploadPlatform
import XCTest

/// The unit id against systemd's own derivation on this machine: `systemd-id128 machine-id
/// --app-specific=<our application id> --uuid` (systemd 240 and newer, Debian's `systemd` package)
/// reads /etc/machine-id as we do.
final class SystemdAppSpecificIDTests: XCTestCase {
    func testOurUnitIdIsSystemdsAppSpecificMachineId() throws {
        let tool = "/usr/bin/systemd-id128"
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            return XCTFail("\(tool) is missing: apt-get install systemd (make test installs it)")
        }
        let text = try String(contentsOfFile: "/etc/machine-id", encoding: .utf8)
        let machine = try XCTUnwrap(MachineID(text: text), "/etc/machine-id holds no machine id: systemd-machine-id-setup writes one")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["machine-id", "--app-specific=\(Hex.encode(UnitID.applicationID))", "--uuid"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(try UnitID.derive(from: machine, hashes: Nettle()),
                       printed.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
