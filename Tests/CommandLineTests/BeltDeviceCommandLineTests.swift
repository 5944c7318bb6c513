import WayfinderTestKit
import XCTest

/// `wayfinder belt vibrate|signal|battery|mode` end to end against a simulated belt in the process
/// (`--simulated`): connection, the full handshake and every command go through our GATT client and
/// the belt's GATT server as ATT PDUs; the simulated belt reports what it received on stderr.
final class BeltDeviceCommandLineTests: XCTestCase {
    /// What the handshake (`BeltSession`) sends before any command.
    let handshake = "request mode; request default intensity; request firmware version; request heading offset; "
        + "request compass accuracy signal state; battery notifications on"

    func received(_ run: WayfinderBinary.Run) -> String? {
        run.errors.split(separator: "\n").first { $0.hasPrefix("simulated belt received: ") }
            .map { String($0.dropFirst("simulated belt received: ".count)) }
    }

    func testVibrateSwitchesToAppModePointsThenStopsAndRestoresTheMode() throws {
        let run = try WayfinderBinary.run(["belt", "vibrate", "90", "--simulated", "--duration", "0.2"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.outputLines, ["vibrating toward 90° magnetic for 0.2 s", "stopped; belt back in wait mode"])
        XCTAssertEqual(received(run), handshake + "; mode app; channel 1: continuous toward 90° magnetic, 500 ms × ∞; stop all; mode wait")
        XCTAssertFalse(run.errors.contains("violation"), run.errors)
    }

    func testVibrateAtAnAngleWithAnIntensity() throws {
        let run = try WayfinderBinary.run(["belt", "vibrate", "--angle", "270", "--intensity", "40", "--simulated", "-s", "0.1"])
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(received(run)?.contains("channel 1: continuous toward 270° from front at 40 %"), true, received(run) ?? run.errors)
    }

    /// The length is --duration (-d), the one name the help gives it. -s/--seconds is the same length
    /// for the scripts that spell it so (--seconds means a length wherever it is taken). Given both
    /// ways at once, which length was meant is not ours to guess, so it is refused.
    func testSecondsIsTheLengthUnderAnotherNameAndTheHelpNamesItOnce() throws {
        let help = try WayfinderBinary.run(["belt", "vibrate", "--help"])
        XCTAssertTrue(help.output.contains("-d, --duration <seconds>"), help.output)
        XCTAssertFalse(help.output.contains("--seconds") || help.output.contains("-s,"), help.output)
        let spelled = try WayfinderBinary.run(["belt", "vibrate", "90", "--simulated", "--seconds", "0.1"])
        XCTAssertEqual(spelled.status, 0, spelled.errors)
        XCTAssertEqual(spelled.outputLines.first, "vibrating toward 90° magnetic for 0.1 s")
        let both = try WayfinderBinary.run(["belt", "vibrate", "90", "--simulated", "-d", "1", "--seconds", "1"])
        XCTAssertEqual(both.status, 64, both.errors)
        XCTAssertTrue(both.errors.contains("give the length once: --duration (-s/--seconds is its older spelling)"), both.errors)
    }

    func testSignalBatteryAndMode() throws {
        let signal = try WayfinderBinary.run(["belt", "signal", "goalReached", "--simulated"])
        XCTAssertEqual(signal.status, 0, signal.errors)
        XCTAssertEqual(signal.outputLines, ["played goalReached"])
        XCTAssertEqual(received(signal), handshake + "; system signal destinationReached")

        let battery = try WayfinderBinary.run(["belt", "battery", "--simulated", "--json"])
        XCTAssertEqual(battery.status, 0, battery.errors)
        XCTAssertEqual(battery.outputLines.count, 1)
        XCTAssertTrue(battery.outputLines.first?.hasPrefix("{\"battery\":") == true, battery.output)

        let mode = try WayfinderBinary.run(["belt", "mode", "--simulated"])
        XCTAssertEqual(mode.outputLines, ["mode: wait"], "a simulated belt starts in wait mode")
        let change = try WayfinderBinary.run(["belt", "mode", "pause", "--simulated"])
        XCTAssertEqual(change.status, 0, change.errors)
        XCTAssertEqual(change.outputLines, ["mode: pause"], "printed once the belt confirmed it on FE06")
        let json = try WayfinderBinary.run(["belt", "mode", "compass", "--json", "--simulated"])
        XCTAssertEqual(json.outputLines, ["{\"mode\":\"compass\"}"], json.errors)
    }

    /// `belt compass-signal` prints where the belt plays its compass alarm, and switches it in both
    /// modes with FSLib's write (`11 03 00 00`), printing the state the belt reports back.
    func testCompassSignalPrintsAndSwitchesTheBeltsCompassAlarm() throws {
        let show = try WayfinderBinary.run(["belt", "compass-signal", "--simulated"])
        XCTAssertEqual(show.status, 0, show.errors)
        XCTAssertEqual(show.outputLines, ["compass accuracy signal: on in app mode, on in compass mode"],
                       "a simulated belt starts with FSLib's enabled state, 03")
        XCTAssertEqual(received(show), handshake)

        let off = try WayfinderBinary.run(["belt", "compass-signal", "off", "--json", "--simulated"])
        XCTAssertEqual(off.status, 0, off.errors)
        XCTAssertEqual(off.outputLines, [#"{"app_mode":false,"compass_mode":false}"#], "as the belt answered on FE06")
        XCTAssertEqual(received(off), handshake + "; compass accuracy signal off")

        let kept = try WayfinderBinary.run(["belt", "compass-signal", "on", "--persistent", "--simulated"])
        XCTAssertEqual(kept.status, 0, kept.errors)
        XCTAssertEqual(kept.outputLines, ["compass accuracy signal: on in app mode, on in compass mode"])
        XCTAssertEqual(received(kept), handshake + "; compass accuracy signal on (persistent)",
                       "the simulated belt runs firmware 52, which keeps it")
    }

    func testBadArgumentsAreRefusedBeforeConnecting() throws {
        for arguments in [["belt", "vibrate", "360", "--simulated"], ["belt", "vibrate", "90", "--intensity", "3", "--simulated"],
                          ["belt", "mode", "sleep", "--simulated"], ["belt", "signal", "loud", "--simulated"],
                          ["belt", "battery", "--address", "not-an-address"],
                          ["belt", "compass-signal", "maybe", "--simulated"],
                          ["belt", "compass-signal", "--persistent", "--simulated"]] {
            let run = try WayfinderBinary.run(arguments)
            XCTAssertEqual(run.status, 64, "\(arguments): usage error")
            XCTAssertNil(received(run), "nothing was sent for \(arguments)")
        }
    }
}
