import BLE
import Controls
import Gestures
import Navigation
import Sensors
import Upload

extension WayfinderConfiguration {
    /// The keys a reload applies: the log level, `[navigation]`, the route and `[gestures]`. Everything
    /// else is read once at start. `takingLiveSettings(from:)` and `settings` must agree on this split.
    package func takingLiveSettings(from newer: WayfinderConfiguration) -> WayfinderConfiguration {
        var merged = self
        merged.logLevel = newer.logLevel
        merged.guidance = newer.guidance
        merged.intensity = newer.intensity
        merged.routePath = newer.routePath
        merged.route = newer.route
        merged.gestures = newer.gestures
        return merged
    }

    /// Every key of the configuration with its value, live keys first. The route's contents are not a
    /// key; `ConfigurationChange` compares them itself.
    package var settings: [ConfigurationSetting] {
        liveSettings + restartSettings
    }

    private var liveSettings: [ConfigurationSetting] {
        let g = guidance
        var s: [ConfigurationSetting] = [
            .init("log_level", Render.string(logLevel), .live),
            .init("navigation.heading_source", Render.string(g.headingSource.rawValue), .live),
            .init("navigation.arrival_radius_m", Render.number(g.arrivalRadius), .live),
            .init("navigation.min_direction_change_deg", Render.number(g.minimumDirectionChange), .live),
            .init("navigation.refresh_interval_s", Render.seconds(g.refreshInterval), .live),
            .init("navigation.fix_timeout_s", Render.seconds(g.fixTimeout), .live),
            .init("navigation.progress_interval_s", Render.seconds(g.progressInterval), .live),
            .init("navigation.off_route_m", Render.number(g.offRouteDistance), .live),
            .init("navigation.off_route_after_s", Render.seconds(g.offRouteDelay), .live),
            .init("navigation.back_on_route_m", Render.number(g.backOnRouteDistance), .live),
            .init("navigation.declination_deg", g.declinationFromModel ? "unset (WMM2025 at each fix)" : Render.number(g.declination), .live),
            .init("navigation.intensity", "\(intensity)", .live),
            .init("navigation.waypoint_long_m", Render.number(g.waypointLong), .live),
            .init("navigation.waypoint_medium_m", Render.number(g.waypointMedium), .live),
            .init("navigation.waypoint_short_m", Render.number(g.waypointShort), .live),
            .init("navigation.waypoint_area_m", Render.number(g.waypointArea), .live),
            .init("navigation.signal_hysteresis_m", Render.number(g.signalHysteresis), .live),
            .init("navigation.turn_angle_deg", Render.number(g.turnAngle), .live),
            .init("navigation.destination_signal_s", Render.seconds(g.destinationSignalDuration), .live),
            // The navigation signals' switches live in the guidance, which a reload replaces.
            .init("signals.waypoint_approach", g.waypointSignals ? "true" : "false", .live),
            .init("signals.turn", g.turnSignal ? "true" : "false", .live),
            .init("signals.destination_repeated", g.destinationRepeated ? "true" : "false", .live),
            .init("gestures.handedness", Render.string(gestures.handedness.rawValue), .live),
            .init("gestures.long_click_ms", Render.milliseconds(gestures.longClick), .live),
        ]
        var bound: [String: [GestureBinding]] = [:]
        for binding in gestures.bindings { bound[binding.gesture.configName, default: []].append(binding) }
        for gesture in RecognizedGesture.allCases {
            guard let bindings = bound[gesture.configName] else { continue }
            let rendered = bindings.map(Render.binding)
            s.append(.init("gestures.\(gesture.configName)",
                           rendered.count == 1 ? rendered[0] : "[\(rendered.joined(separator: ", "))]", .live))
        }
        for click in PenClickGesture.allCases {
            if let command = gestures.clicks[click] {
                s.append(.init("gestures.\(click.configName)", Render.string(command.configName), .live))
            }
        }
        return s
    }

    private var restartSettings: [ConfigurationSetting] {
        var s: [ConfigurationSetting] = [
            .init("board", Render.string(board.id), .restart),
            .init("state_directory", Render.string(stateDirectory), .restart),
            .init("route.autostart", autostart ? "true" : "false", .restart),
            // The track file is chosen and old walks are deleted at start: a reload that changed
            // these would otherwise delete files in the middle of a walk.
            .init("track.enabled", track.enabled ? "true" : "false", .restart),
            .init("track.keep_walks", "\(track.keepWalks)", .restart),
            .init("track.keep_days", "\(track.keepDays)", .restart),
        ]
        // The belt actor plays the state signals with the settings it started with.
        for signal in WearerSignal.allCases {
            s.append(.init("signals.\(signal.configKey)", signals.isEnabled(signal) ? "true" : "false", .restart))
        }
        s += [
            .init("signals.lost_after_s", Render.seconds(signals.lostAfter), .restart),
            .init("signals.min_interval_s", Render.seconds(signals.minimumInterval), .restart),
            .init("signals.repeat_s", Render.seconds(signals.repeatInterval), .restart),
        ]
        s += Self.device(belt, "devices.belt")
        s.append(.init("devices.belt.compass_accuracy_signal", compassAccuracySignal.configValue, .restart))
        s += Self.device(touchCase, "devices.touch_case")
        s += [
            .init("devices.touch_case.sides", Render.strings(touchCaseSettings.sides.map(\.rawValue).sorted()), .restart),
            .init("devices.touch_case.touches_per_side", "\(touchCaseSettings.touchesPerSide)", .restart),
            .init("devices.touch_case.power_saving", touchCaseSettings.powerSaving ? "true" : "false", .restart),
        ]
        s += Self.device(pencil, "devices.pencil")
        s += gpsSettings + compassSettings
        s += [
            .init("buttons.debounce_ms", Render.milliseconds(buttons.debounce), .restart),
            .init("buttons.long_press_ms", Render.milliseconds(buttons.longPress), .restart),
            .init("buttons.double_press_ms", Render.milliseconds(buttons.doublePressWindow), .restart),
        ]
        for binding in buttons.bindings.sorted(by: { $0.line < $1.line }) {
            let press = binding.press.map { "press = \(Render.string($0.configName))" }
            let long = binding.longPress.map { "long_press = \(Render.string($0.configName))" }
            let double = binding.doublePress.map { "double_press = \(Render.string($0.configName))" }
            let value = binding.longPress == nil && binding.doublePress == nil ? Render.string(binding.press?.configName ?? "none")
                : "{ \([press, long, double].compactMap { $0 }.joined(separator: ", ")) }"
            s.append(.init("buttons.map.GPIO\(binding.line)", value, .restart))
        }
        if let line = buttons.pairPencilLine {
            s.append(.init("buttons.map.GPIO\(line)", Render.string(ButtonConfiguration.pairPencil), .restart))
        }
        s += uploadSettings
        // The exporter is set up with the appliance, like the outbox.
        if let m = metrics {
            s += [
                .init("metrics.textfile_directory", Render.string(m.textfileDirectory), .restart),
                .init("metrics.interval_s", "\(m.intervalSeconds)", .restart),
            ]
        }
        for name in tables.keys.sorted() { s += tables[name]?.settings ?? [] }
        return s
    }

    /// `[upload]`, read once at start: the outbox and its key are set up with the appliance.
    private var uploadSettings: [ConfigurationSetting] {
        guard let u = upload else { return [] }
        var s: [ConfigurationSetting] = [
            .init("upload.endpoint", Render.string(u.endpoint.description), .restart),
            .init("upload.bucket", Render.string(u.bucket), .restart),
            .init("upload.region", Render.string(u.region), .restart),
            .init("upload.prefix", Render.string(u.prefix), .restart),
            .init("upload.credentials", Render.string(u.credentials), .restart),
            .init("upload.what", Render.strings(UploadContent.allCases.filter(u.what.contains).map(\.rawValue)), .restart),
            .init("upload.when", Render.string(u.when.rawValue), .restart),
        ]
        if let id = u.unitID { s.append(.init("upload.unit_id", Render.string(id), .restart)) }
        s.append(.init("upload.delete_after_upload", u.deleteAfterUpload ? "true" : "false", .restart))
        return s
    }

    private var gpsSettings: [ConfigurationSetting] {
        func r(_ key: String, _ value: String) -> ConfigurationSetting { .init("gps.\(key)", value, .restart) }
        switch gps {
        case .simulated: return [r("source", Render.string("sim"))]
        case .none: return [r("source", Render.string("none"))]
        case .ubloxI2C(let address): return [r("source", Render.string("ublox-i2c")), r("address", Render.hex(address))]
        case .uart(let device, let baud): return [r("source", Render.string("uart")), r("device", Render.string(device)), r("baud", "\(baud)")]
        case .gpsd(let host, let port): return [r("source", Render.string("gpsd")), r("host", Render.string(host)), r("port", "\(port)")]
        }
    }

    private var compassSettings: [ConfigurationSetting] {
        func r(_ key: String, _ value: String) -> ConfigurationSetting { .init("compass.\(key)", value, .restart) }
        var s: [ConfigurationSetting]
        switch compass {
        case .simulated: s = [r("source", Render.string("sim"))]
        case .none: s = [r("source", Render.string("none"))]
        case .auto: s = [r("source", Render.string("auto"))]
        case .chip(let name, let address):
            s = [r("source", Render.string(name))]
            if let address { s.append(r("address", Render.hex(address))) }
        }
        s.append(r("axes", Render.string(compassMounting.axes.description)))
        switch compassMounting.accelerometer {
        case .none: s.append(r("accelerometer", Render.string("none")))
        case .auto: s.append(r("accelerometer", Render.string("auto")))
        case .chip(let chip, let address):
            s.append(r("accelerometer", Render.string(chip.rawValue)))
            if let address { s.append(r("accelerometer_address", Render.hex(address))) }
        }
        s.append(r("accelerometer_axes", Render.string(compassMounting.accelerometerAxes.description)))
        return s
    }

    private static func device(_ d: DeviceSelection, _ table: String) -> [ConfigurationSetting] {
        func r(_ key: String, _ value: String) -> ConfigurationSetting { .init("\(table).\(key)", value, .restart) }
        var s = [r("enabled", d.enabled ? "true" : "false")]
        if let address = d.address { s.append(r("address", Render.string(address))) }
        s += [r("name_contains", Render.strings(d.nameContains)),
              r("service_uuids", Render.strings(d.serviceUUIDs)),
              r("selection_window_s", Render.seconds(d.selectionWindow))]
        if let type = d.addressType { s.append(r("address_type", Render.string(type.description))) }
        s.append(r("security", Render.string(d.security.description)))
        return s
    }
}

/// Values written as the TOML file would write them.
package enum Render {
    package static func string(_ s: String) -> String {
        "\"" + s.literallyReplacing("\\", with: "\\\\").literallyReplacing("\"", with: "\\\"") + "\""
    }

    package static func strings(_ list: [String]) -> String {
        "[" + list.map(string).joined(separator: ", ") + "]"
    }

    package static func number(_ d: Double) -> String { TableReader.format(d) }

    /// Rounded to the nanosecond: a key given as 0.03 s reads back as 0.03, not 0.030000000000000002.
    package static func seconds(_ d: Duration) -> String { number((d.inSeconds * 1e9).rounded() / 1e9) }

    package static func milliseconds(_ d: Duration) -> String { number((d.inSeconds * 1e9).rounded() / 1e6) }

    package static func hex(_ n: Int) -> String { "0x" + String(n, radix: 16) }

    /// A gesture binding as the short form (`"command"`) when it has nothing else, else the table form.
    static func binding(_ b: GestureBinding) -> String {
        var parts = ["command = \(string(b.command.configName))"]
        if let sides = b.sides { parts.append("sides = \(strings(sides.map(\.rawValue).sorted()))") }
        if let classes = b.touchClasses { parts.append("classes = \(strings(classes.map(\.rawValue).sorted()))") }
        let allowed = GestureParameter.allowed(for: b.gesture)
        for (name, value) in b.parameters.sorted(by: { $0.key < $1.key }) {
            parts.append("\(allowed.first { $0.name == name }?.key ?? name) = \(number(value))")
        }
        return parts.count == 1 ? string(b.command.configName) : "{ \(parts.joined(separator: ", ")) }"
    }
}
