/// The command line's commands (`wayfinder belt encode`): JSON objects named after FSLib-iOS's
/// `FSCommandManager` methods and parameters, mapped to `BeltCommand`s.
///
/// `{"cmd": "<method>", <parameter>: <value>, …}`. Enumeration values are FSLib-iOS case names
/// (`FSLibNames`); `-1` means "default intensity", "repeat indefinitely" and "all channels" as in FSLib.
/// Unknown commands, unknown or missing parameters, wrong types and out-of-range values are errors,
/// so a typo cannot silently fall back to a default on real hardware.
///
/// Where FSLib-iOS has no method for a command (the pulse, buzzer, parameter and debug
/// commands), the name is ours, in the same style; `object(for:)` prints every command in this form,
/// and `command(from:)` reads it back.
package enum FSLibCommandNames {
    /// Everything `command(from:)` accepts, FSLib-iOS names first.
    package static let commandNames = [
        "changeMode", "changeBeltMode", "changeDefaultIntensity", "configureVibrationChannel", "vibrateAtMagneticBearing",
        "vibrateAtAngle", "stopVibration", "signal", "startOrientationNotifications", "stopOrientationNotifications",
        "setCompassAccuracySignal", "changeCompassAccuracySignalState", "requestCompassAccuracySignalState",
        "requestBatteryStatus", "changeHeadingOffset", "requestParameter", "requestAdvancedParameter",
        "setAdvancedParameter", "setNameSuffix", "applyFrontRangePatch", "reset", "pulse", "answerKeepAlive",
        "playSound", "startBatteryNotifications", "stopBatteryNotifications", "requestFirmwareVersion", "requestErrorLog",
    ]

    /// Each command's parameters: the one list of the keys a command takes. A key outside its
    /// command's list is named as unknown before anything else is checked (`"angel"` is an unknown
    /// key, not a missing `angle`), and nothing else refuses keys; the parsers in `parse(_:)` read
    /// exactly these keys (`FSLibCommandNamesTests` checks every command against its list).
    package static let parameters: [String: [String]] = [
        "changeMode": ["mode"], "changeBeltMode": ["mode"],
        "changeDefaultIntensity": ["intensity", "feedbackSignal", "vibrationFeedback"],
        "configureVibrationChannel": ["channelIndex", "pattern", "intensity", "orientationType", "orientation",
                                      "patternIterations", "patternPeriod", "patternStartTime", "exclusiveChannel",
                                      "clearOtherChannels"],
        "vibrateAtMagneticBearing": ["direction", "intensity", "signal", "channelIndex", "stopOtherChannels"],
        "vibrateAtAngle": ["angle", "direction", "intensity", "signal", "channelIndex", "stopOtherChannels"],
        "stopVibration": ["channelIndex"],
        "signal": ["signalType"],
        "startOrientationNotifications": [], "stopOrientationNotifications": [],
        "setCompassAccuracySignal": ["enable", "persistent"], "changeCompassAccuracySignalState": ["enable", "persistent"],
        "requestCompassAccuracySignalState": [], "requestBatteryStatus": [],
        "changeHeadingOffset": ["headingOffset"],
        "requestParameter": ["parameter"], "requestAdvancedParameter": ["parameter"],
        "setAdvancedParameter": ["parameter", "value", "persistent"],
        "setNameSuffix": ["suffix"], "applyFrontRangePatch": [],
        "reset": ["parameters", "bluetooth", "sensors"],
        "pulse": ["channelIndex", "orientationType", "orientation", "intensity", "onDuration", "pulseIterations",
                  "seriesIterations", "pulsePeriod", "seriesPeriod", "timerOption", "exclusiveChannel", "clearOtherChannels"],
        "answerKeepAlive": [], "playSound": ["tones"],
        "startBatteryNotifications": [], "stopBatteryNotifications": [], "requestFirmwareVersion": [], "requestErrorLog": [],
    ]

    package static func command(from object: [String: JSONValue]) throws(FSLibCommandError) -> BeltCommand {
        try parse(object).command
    }

    /// `command(from:)`, with the keys its parser read (present or not), so that a test can hold
    /// each parser to its command's `parameters`.
    static func parse(_ object: [String: JSONValue]) throws(FSLibCommandError) -> (command: BeltCommand, read: Set<String>) {
        var a = Arguments(object)
        let name = try a.string("cmd")
        if let known = parameters[name] {
            let unknown = object.keys.filter { $0 != "cmd" && !known.contains($0) }.sorted()
            if !unknown.isEmpty {
                let keys = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
                throw FSLibCommandError("unknown key\(unknown.count == 1 ? "" : "s") \(keys); \(name) takes "
                                        + (known.isEmpty ? "no parameters" : known.joined(separator: ", ")))
            }
        }
        let command: BeltCommand
        switch name {
        case "changeMode", "changeBeltMode":
            // FSLib refuses `unknown`, which is no belt mode. Calibration is allowed, as on
            // Android; FSLib-iOS refuses it.
            let mode = try a.enumeration("mode", FSLibNames.modes)
            guard mode != .unknown else { throw FSLibCommandError("mode: unknown is not a mode the belt can take") }
            command = .changeMode(mode)
        case "changeDefaultIntensity":
            // FSLib-iOS `changeDefaultIntensity(_:feedbackSignal:)`, 0–100, feedback on by default;
            // `vibrationFeedback` is FSLib-Android's name for the flag.
            let intensity = try a.int("intensity", in: 0...100)
            let feedback = try a.optionalBool(either: "vibrationFeedback", or: "feedbackSignal") ?? true
            command = .setDefaultIntensity(intensity, feedback: feedback)
        case "configureVibrationChannel":
            let channel = try a.channel("channelIndex")
            let pattern = try a.enumeration("pattern", FSLibNames.patterns)
            let intensity = try a.intensity("intensity")
            let type = try a.enumeration("orientationType", FSLibNames.orientationTypes)
            let orientation = try a.orientation("orientation", type: type)
            let iterations = try a.iterations("patternIterations")
            let period = try a.uint16("patternPeriod")
            let start = try a.optionalUInt16("patternStartTime") ?? 0
            let exclusive = try a.bool("exclusiveChannel")
            let clear = try a.bool("clearOtherChannels")
            command = .configureChannel(ChannelConfiguration(
                channel: channel, pattern: pattern, intensity: intensity, orientation: orientation,
                iterations: iterations, periodMilliseconds: period, startTimeMilliseconds: start,
                exclusive: exclusive, clearOtherChannels: clear))
        case "vibrateAtMagneticBearing":
            command = try vibrate(&a, direction: try a.degrees("direction"), isBearing: true)
        case "vibrateAtAngle":
            // FSLib-iOS's parameter is `angle`; its docs/README.md writes `direction`.
            if a.has("angle"), a.has("direction") { throw FSLibCommandError("give angle or direction, not both") }
            let angle = a.has("angle") || !a.has("direction") ? try a.degrees("angle") : try a.degrees("direction")
            command = try vibrate(&a, direction: angle, isBearing: false)
        case "stopVibration":
            let channel = try a.optionalInt("channelIndex", in: -1...5) ?? -1
            command = .stop(channel: channel < 0 ? nil : UInt8(channel))
        case "signal":
            command = .systemSignal(try a.enumeration("signalType", FSLibNames.systemSignals))
        case "startOrientationNotifications":
            command = .setOrientationNotifications(true)
        case "stopOrientationNotifications":
            command = .setOrientationNotifications(false)
        case "setCompassAccuracySignal", "changeCompassAccuracySignalState":
            command = .setCompassAccuracySignal(enabled: try a.bool("enable"), persistent: try a.bool("persistent"))
        case "requestCompassAccuracySignalState":
            command = .requestCompassAccuracySignalState
        case "requestBatteryStatus":
            command = .requestBatteryStatus
        case "changeHeadingOffset":
            command = .setHeadingOffset(try a.int("headingOffset", in: 0...359))
        case "requestParameter":
            command = .requestParameter(try a.enumeration("parameter", FSLibNames.parameters))
        case "requestAdvancedParameter":
            let p = try a.enumeration("parameter", FSLibNames.advancedParameters)
            command = p == .compassAccuracySignal ? .requestCompassAccuracySignalState : .requestAdvancedParameter(p)
        case "setAdvancedParameter":
            command = try advancedWrite(&a)
        case "setNameSuffix":
            let suffix = try a.string("suffix")
            guard suffix.utf8.allSatisfy(Wire.isNameByte), (1...BeltCommand.maximumNameSuffixLength).contains(suffix.utf8.count) else {
                throw FSLibCommandError("suffix: 1–\(BeltCommand.maximumNameSuffixLength) printable ASCII characters")
            }
            command = .setNameSuffix(suffix)
        case "applyFrontRangePatch":
            command = .applyFrontRangePatch
        case "reset":
            command = .reset(parameters: try a.bool("parameters"), bluetooth: try a.bool("bluetooth"),
                             sensors: try a.bool("sensors"))
        case "pulse":
            let channel = try a.channel("channelIndex")
            let type = try a.enumeration("orientationType", FSLibNames.orientationTypes)
            command = .pulse(PulseConfiguration(
                channel: channel, orientation: try a.orientation("orientation", type: type),
                intensity: try a.intensity("intensity"), onDurationMilliseconds: try a.uint16("onDuration"),
                pulseIterations: UInt8(try a.optionalInt("pulseIterations", in: 0...255) ?? 1),
                seriesIterations: try a.iterations("seriesIterations"),
                pulsePeriodMilliseconds: try a.uint16("pulsePeriod"),
                seriesPeriodMilliseconds: try a.uint16("seriesPeriod"),
                timerOption: try a.optionalEnumeration("timerOption", FSLibNames.timerOptions) ?? .resetTimer,
                exclusive: try a.optionalBool(either: "exclusiveChannel") ?? false,
                clearOtherChannels: try a.optionalBool(either: "clearOtherChannels") ?? false))
        case "answerKeepAlive":
            command = .answerKeepAlive
        case "playSound":
            command = .playSound(try a.tones("tones"))
        case "startBatteryNotifications":
            command = .setBatteryNotifications(true)
        case "stopBatteryNotifications":
            command = .setBatteryNotifications(false)
        case "requestFirmwareVersion":
            command = .requestFirmwareVersion
        case "requestErrorLog":
            command = .requestErrorLog
        default:
            throw FSLibCommandError("unknown cmd \"\(name)\"; one of: \(commandNames.joined(separator: ", "))")
        }
        return (command, a.used.subtracting(["cmd"]))
    }

    /// FSLib-iOS `vibrateAtMagneticBearing`/`vibrateAtAngle(…, intensity: -1, signal: .continuous,
    /// channelIndex: 1, stopOtherChannels: false)`: a signal name becomes a channel configuration with the
    /// parameters of `FSCommandDataPacket.getVibrationSignalDataPacket` (read at FSLib-iOS 345035c; the
    /// `continuous` row is `BeltProtocolVectorTests` vectors 16 and 18). Intensity 0 stops the channel, as
    /// FSLib-iOS does.
    static func vibrate(_ a: inout Arguments, direction: Int, isBearing: Bool) throws(FSLibCommandError) -> BeltCommand {
        let intensity = try a.intensity("intensity")
        let channel = try a.optionalInt("channelIndex", in: 0...5).map(UInt8.init) ?? 1
        let clear = try a.optionalBool(either: "stopOtherChannels") ?? false
        let signal = try a.optionalString("signal") ?? "continuous"
        let toward: BeltOrientation = isBearing ? .magneticBearing(direction) : .angle(direction)
        let (pattern, orientation, iterations, period): (VibrationPattern, BeltOrientation, UInt8, UInt16)
        switch signal {
        case "continuous", "navigation": (pattern, orientation, iterations, period) = (.continuous, toward, 0, 500)
        case "destinationReachedRepeated": (pattern, orientation, iterations, period) = (.destinationReached, .motorIndex(0), 0, 5000)
        case "destinationReached": (pattern, orientation, iterations, period) = (.destinationReached, .motorIndex(0), 1, 2500)
        case "approachingDestination": (pattern, orientation, iterations, period) = (.singleLong, toward, 0, 1000)
        case "directionNotification": (pattern, orientation, iterations, period) = (.continuous, toward, 1, 1000)
        default:
            throw FSLibCommandError("signal: \"\(signal)\" is not one of continuous, navigation, destinationReachedRepeated, "
                                    + "destinationReached, approachingDestination, directionNotification")
        }
        if intensity == 0 { return .stop(channel: channel) }
        return .configureChannel(ChannelConfiguration(channel: channel, pattern: pattern, intensity: intensity,
                                                      orientation: orientation, iterations: iterations,
                                                      periodMilliseconds: period, clearOtherChannels: clear))
    }

    /// `{"cmd":"setAdvancedParameter","parameter":…,"value":…,"persistent":…}`; the compass accuracy
    /// signal's value is pybelt's bit pair 0–3 (bit 0 compass mode, bit 1 app mode).
    static func advancedWrite(_ a: inout Arguments) throws(FSLibCommandError) -> BeltCommand {
        let persistent = try a.bool("persistent")
        let value: BeltAdvancedParameterValue
        switch try a.enumeration("parameter", FSLibNames.advancedParameters) {
        case .defaultIntensity: value = .defaultIntensity(try a.int("value", in: 0...100))
        case .headingOffset: value = .headingOffset(try a.int("value", in: 0...359))
        case .compassAccuracySignal:
            let state = CompassAccuracySignalState(rawValue: UInt8(try a.int("value", in: 0...3)))
            if state == [] || state == .everywhere {
                return .setCompassAccuracySignal(enabled: state == .everywhere, persistent: persistent)
            }
            value = .compassAccuracySignal(state)
        case .orientationNotificationPeriod:
            value = .orientationNotificationPeriod(milliseconds: UInt16(try a.int("value", in: 20...65535)))
        case .pairingRequirement: value = .pairingRequired(try a.bool("value"))
        case .buzzerActive, .frontRange:
            throw FSLibCommandError("parameter: buzzerActive and frontRange have no known value layout to write")
        }
        return .setAdvancedParameter(value, persistent: persistent)
    }
}
