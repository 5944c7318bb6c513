extension FSLibCommandNames {
    /// The command-line line for an encoded command: `{"characteristic":"fe03","hex":"…"}`,
    /// plus `"operation"` (`clientConfiguration` or `read`) for the two kinds that are not value writes.
    package static func object(for write: BeltWrite) -> [String: JSONValue] {
        var o: [String: JSONValue] = ["characteristic": .string(write.characteristic.rawValue),
                                          "hex": .string(BeltHex.format(write.bytes))]
        switch write.kind {
        case .value: break
        case .clientConfiguration: o["operation"] = .string("clientConfiguration")
        case .readRequest: o["operation"] = .string("read")
        }
        return o
    }

    /// A command as the JSON object `command(from:)` reads back (the FSLib-iOS form where FSLib-iOS
    /// has the command; a channel configuration always prints as `configureVibrationChannel`).
    package static func object(for command: BeltCommand) -> [String: JSONValue] {
        func cmd(_ name: String, _ fields: [String: JSONValue] = [:]) -> [String: JSONValue] {
            fields.merging(["cmd": .string(name)]) { a, _ in a }
        }
        switch command {
        case .changeMode(let m):
            return cmd("changeMode", ["mode": .string(FSLibNames.name(m, in: FSLibNames.modes))])
        case .setDefaultIntensity(let i, let feedback):
            return cmd("changeDefaultIntensity", ["intensity": .int(i), "vibrationFeedback": .bool(feedback)])
        case .configureChannel(let c):
            return cmd("configureVibrationChannel", [
                "channelIndex": .int(Int(c.channel)),
                "pattern": .string(FSLibNames.name(c.pattern, in: FSLibNames.patterns)),
                "intensity": .int(c.intensity ?? -1),
                "orientationType": .string(FSLibNames.name(c.orientation.type, in: FSLibNames.orientationTypes)),
                "orientation": .int(orientationNumber(c.orientation)),
                "patternIterations": .int(c.iterations == 0 ? -1 : Int(c.iterations)),
                "patternPeriod": .int(Int(c.periodMilliseconds)),
                "patternStartTime": .int(Int(c.startTimeMilliseconds)),
                "exclusiveChannel": .bool(c.exclusive),
                "clearOtherChannels": .bool(c.clearOtherChannels),
            ])
        case .stop(let channel):
            return cmd("stopVibration", ["channelIndex": .int(channel.map(Int.init) ?? -1)])
        case .systemSignal(let s):
            return cmd("signal", ["signalType": .string(FSLibNames.name(s, in: FSLibNames.systemSignals))])
        case .setOrientationNotifications(let on):
            return cmd(on ? "startOrientationNotifications" : "stopOrientationNotifications")
        case .setCompassAccuracySignal(let enabled, let persistent):
            return cmd("setCompassAccuracySignal", ["enable": .bool(enabled), "persistent": .bool(persistent)])
        case .requestCompassAccuracySignalState:
            return cmd("requestCompassAccuracySignalState")
        case .requestBatteryStatus:
            return cmd("requestBatteryStatus")
        case .requestParameter(let p):
            return cmd("requestParameter", ["parameter": .string(FSLibNames.name(p, in: FSLibNames.parameters))])
        case .requestAdvancedParameter(let p):
            return cmd("requestAdvancedParameter", ["parameter": .string(FSLibNames.name(p, in: FSLibNames.advancedParameters))])
        case .setHeadingOffset(let d):
            return cmd("changeHeadingOffset", ["headingOffset": .int(d)])
        case .setAdvancedParameter(let v, let persistent):
            return cmd("setAdvancedParameter", ["parameter": .string(FSLibNames.name(v.parameter, in: FSLibNames.advancedParameters)),
                                                "value": jsonValue(v), "persistent": .bool(persistent)])
        case .setNameSuffix(let s):
            return cmd("setNameSuffix", ["suffix": .string(s)])
        case .applyFrontRangePatch:
            return cmd("applyFrontRangePatch")
        case .reset(let p, let b, let s):
            return cmd("reset", ["parameters": .bool(p), "bluetooth": .bool(b), "sensors": .bool(s)])
        case .pulse(let p):
            return cmd("pulse", [
                "channelIndex": .int(Int(p.channel)),
                "orientationType": .string(FSLibNames.name(p.orientation.type, in: FSLibNames.orientationTypes)),
                "orientation": .int(orientationNumber(p.orientation)),
                "intensity": .int(p.intensity ?? -1),
                "onDuration": .int(Int(p.onDurationMilliseconds)),
                "pulseIterations": .int(Int(p.pulseIterations)),
                "seriesIterations": .int(p.seriesIterations == 0 ? -1 : Int(p.seriesIterations)),
                "pulsePeriod": .int(Int(p.pulsePeriodMilliseconds)),
                "seriesPeriod": .int(Int(p.seriesPeriodMilliseconds)),
                "timerOption": .string(FSLibNames.name(p.timerOption, in: FSLibNames.timerOptions)),
                "exclusiveChannel": .bool(p.exclusive),
                "clearOtherChannels": .bool(p.clearOtherChannels),
            ])
        case .answerKeepAlive:
            return cmd("answerKeepAlive")
        case .playSound(let tones):
            return cmd("playSound", ["tones": .array(tones.map {
                .object(["frequency": .double($0.hertz), "duration": .int($0.milliseconds)])
            })])
        case .setBatteryNotifications(let on):
            return cmd(on ? "startBatteryNotifications" : "stopBatteryNotifications")
        case .requestFirmwareVersion:
            return cmd("requestFirmwareVersion")
        case .requestErrorLog:
            return cmd("requestErrorLog")
        }
    }

    /// A notification as JSON, with FSLib-iOS's property names where it has them (`FSBatteryStatus`,
    /// `FSBeltOrientation`, `onBeltButtonPressed`), plus the fields only the bytes carry.
    package static func object(for notification: BeltNotification) -> [String: JSONValue] {
        func note(_ name: String, _ fields: [String: JSONValue]) -> [String: JSONValue] {
            fields.merging(["notification": .string(name)]) { a, _ in a }
        }
        func mode(_ m: BeltMode) -> JSONValue { .string(FSLibNames.name(m, in: FSLibNames.modes)) }
        switch notification {
        case .firmwareInfo(let f):
            var o: [String: JSONValue] = ["firmwareVersion": .int(Int(f.version))]
            if let v = f.variant { o["variant"] = .int(Int(v)) }
            return note("firmwareInfo", o)
        case .keepAlive(let m, let status):
            return note("keepAlive", ["mode": mode(m), "status": .int(Int(status))])
        case .buttonPressed(let b, let p, let previous, let new):
            return note("buttonPressed", ["button": .string(FSLibNames.name(b, in: FSLibNames.buttons)),
                                          "pressType": .string(FSLibNames.name(p, in: FSLibNames.pressTypes)),
                                          "previousMode": mode(previous), "newMode": mode(new)])
        case .mode(let m):
            return note("mode", ["mode": mode(m)])
        case .defaultIntensity(let i):
            return note("defaultIntensity", ["defaultIntensity": .int(i)])
        case .headingOffset(let d):
            return note("headingOffset", ["headingOffset": .int(d)])
        case .bleName(let n):
            return note("bleName", ["bleName": .string(n)])
        case .advancedParameter(let v):
            var o: [String: JSONValue] = ["parameter": .string(FSLibNames.name(v.parameter, in: FSLibNames.advancedParameters)),
                                              "value": jsonValue(v)]
            if case .compassAccuracySignal(let s) = v {
                o["inCompassMode"] = .bool(s.contains(.inCompassMode))
                o["inAppMode"] = .bool(s.contains(.inAppMode))
            }
            return note("advancedParameter", o)
        case .buzzerActive(let raw):
            return note("buzzerActive", ["hex": .string(BeltHex.format(raw))])
        case .frontRangePatch(let raw):
            return note("frontRangePatch", ["hex": .string(BeltHex.format(raw))])
        case .batteryStatus(let s):
            return note("batteryStatus", [
                "powerStatus": .string(FSLibNames.name(s.powerStatus, in: FSLibNames.powerStatuses)),
                "batteryLevel": .double(s.percent), "batteryTteTtf": .double(s.seconds),
                "current": .int(Int(s.currentMilliamperes)), "voltage": .int(Int(s.voltageMillivolts)),
            ])
        case .orientation(let o):
            return note("orientation", [
                "beltMagHeading": .int(o.headingDegrees), "beltCompassInaccurate": .bool(o.isInaccurate),
                "beltHeading": .int(Int(o.beltHeading)), "sensorId": .int(Int(o.sensorID)),
                "boxHeading": .int(Int(o.boxHeading)), "boxRoll": .int(Int(o.boxRoll)), "boxPitch": .int(Int(o.boxPitch)),
                "accuracy": .int(Int(o.accuracy)), "magnetometerStatus": .int(Int(o.magnetometerStatus)),
                "accelerometerStatus": .int(Int(o.accelerometerStatus)), "gyroscopeStatus": .int(Int(o.gyroscopeStatus)),
                "fusionStatus": .int(Int(o.fusionStatus)),
            ])
        case .errorLogHeader(let h):
            return note("errorLogHeader", ["session": .int(Int(h.session)), "entryCount": .int(Int(h.entryCount)),
                                           "firstError": .int(Int(h.firstError)), "lastError": .int(Int(h.lastError))])
        case .errorLogEntry(let e):
            return note("errorLogEntry", ["errorCode": .int(Int(e.errorCode)), "time": .int(Int(e.timeMilliseconds)),
                                          "session": .int(Int(e.session)), "more": .bool(e.more)])
        }
    }

    /// The number FSLib passes for an orientation: the mask, the motor, or the degrees as given.
    static func orientationNumber(_ o: BeltOrientation) -> Int {
        switch o {
        case .binaryMask(let m): Int(m)
        case .motorIndex(let i): Int(i)
        case .angle(let d), .magneticBearing(let d): d
        }
    }

    static func jsonValue(_ v: BeltAdvancedParameterValue) -> JSONValue {
        switch v {
        case .defaultIntensity(let i): .int(i)
        case .headingOffset(let d): .int(d)
        case .compassAccuracySignal(let s): .int(Int(s.rawValue))
        case .orientationNotificationPeriod(let ms): .int(Int(ms))
        case .pairingRequired(let r): .bool(r)
        }
    }
}
