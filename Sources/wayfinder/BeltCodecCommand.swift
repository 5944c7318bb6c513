import ArgumentParser
import Belt
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `wayfinder belt encode|decode`: the byte-exact protocol core at the command line, for checking
/// hardware and captures against the bytes FSLib-iOS, FSLib-Android and pybelt send.
struct BeltCodecCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "belt",
        abstract: "Talk to the belt, or encode and decode its bytes (naviBelt protocol).",
        subcommands: [Encode.self, Decode.self, BeltVibrate.self, BeltSignal.self, BeltBattery.self, BeltModeCommand.self,
                      BeltCompassSignal.self])

    struct Encode: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "encode",
            abstract: "Turn FSLib-style commands (JSON lines on stdin) into the bytes to write to the belt.",
            discussion: """
            One JSON object per line, named as FSLib-iOS names the method and its parameters, for example:
              {"cmd":"changeMode","mode":"app"}
              {"cmd":"vibrateAtAngle","angle":270,"channelIndex":2}
              {"cmd":"stopVibration"}
              {"cmd":"signal","signalType":"goalReached"}
              {"cmd":"setCompassAccuracySignal","enable":true,"persistent":false}
            Each line prints the characteristic and the bytes to write, e.g. {"characteristic":"fe05","hex":"01 81 03 00"}. Notification switches and reads add "operation":"clientConfiguration" or "read".

            Commands: \(FSLibCommandNames.commandNames.joined(separator: ", ")).

            configureVibrationChannel takes FSLib-iOS's ten parameters: channelIndex, pattern, intensity (default -1), orientationType, orientation, patternIterations, patternPeriod, patternStartTime (default 0), exclusiveChannel, clearOtherChannels. vibrateAtMagneticBearing (direction) and vibrateAtAngle (angle) take intensity, signal (continuous, navigation, approachingDestination, directionNotification, destinationReached, destinationReachedRepeated), channelIndex (default 1) and stopOtherChannels.

            Enumerations take FSLib-iOS case names: patterns continuous, singleShort, singleLong, doubleShort, doubleLong, shortShiftWave, goalReached; orientation types binaryMask, vibromotorIndex, angle, magneticBearing; modes standby, wait, compass, app, pause, calibration, crossing; signal types warning, goalReached, battery. -1 means the default intensity, "repeat forever" and "all channels".

            Where the FSLib ports differ, the bytes follow FSLib-Android and pybelt: "repeat forever" is written as 00 (not FSLib-iOS's FF), the start time is sent as given, and iteration counts above 127 are refused.

            A line that is not a command prints {"error":"…","line":N} and the next line is read; blank lines are skipped. Exits 1 if any line failed.
            """)

        func run() throws {
            var failed = false
            var number = 0
            while let line = readLine() {
                number += 1
                guard !line.allSatisfy(\.isWhitespace) else { continue }
                let (output, ok) = BeltCodecLines.encode(line: line, number: number)
                BeltCodecLines.emit(output)
                failed = failed || !ok
            }
            if failed { throw ExitCode(1) }
        }
    }

    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "decode",
            abstract: "Decode bytes seen on a belt characteristic into JSON.",
            discussion: """
            With arguments, decodes one value:
              wayfinder belt decode fe06 01 01 02
              wayfinder belt decode --from central fe03 30FF
            Without arguments, reads JSON lines on stdin in the form `belt encode` prints, e.g.
              {"characteristic":"fe06","hex":"01 01 02"}
            and prints one JSON line per input line ({"error":"…","line":N} for a bad one).

            Bytes on a characteristic the belt notifies or serves reads on (fe01, fe02, fe04, fe06, fe09, fe0c, fe14) are decoded as the belt's notification; bytes on the others as a command the central wrote, printed in the `belt encode` form. --from (or "from" in a line) overrides this, e.g. --from central for a keep-alive answer on fe02. A line with an "operation" (clientConfiguration, read) is always the central's. Exits 1 if anything failed.
            """)

        @Argument(help: "The characteristic: fe03, FE03, 0xFE03 or the 128-bit UUID.")
        var characteristic: String?

        @Argument(help: "The bytes in hex; spaces, colons and 0x prefixes are allowed.")
        var hex: [String] = []

        @Option(help: "Who sent the bytes: belt or central (default: by characteristic).")
        var from: BeltCodecLines.Sender?

        func validate() throws {
            if characteristic == nil && !hex.isEmpty { throw ValidationError("give the characteristic before the bytes") }
        }

        func run() throws {
            if let characteristic {
                let request: [String: JSONValue] = ["characteristic": .string(characteristic),
                                                        "hex": .string(hex.joined(separator: " "))]
                let (output, ok) = BeltCodecLines.decode(request, defaultSender: from)
                BeltCodecLines.emit(output)
                if !ok { throw ExitCode(1) }
                return
            }
            var failed = false
            var number = 0
            while let line = readLine() {
                number += 1
                guard !line.allSatisfy(\.isWhitespace) else { continue }
                let (output, ok) = BeltCodecLines.decode(line: line, number: number, defaultSender: from)
                BeltCodecLines.emit(output)
                failed = failed || !ok
            }
            if failed { throw ExitCode(1) }
        }
    }
}
