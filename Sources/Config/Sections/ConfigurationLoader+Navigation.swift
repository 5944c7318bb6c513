import Navigation

/// The reader of `[navigation]`.
extension ConfigurationLoader {
    func readNavigation(_ t: TableReader?) -> (GuidanceParameters?, Int) {
        // Without declination_deg the World Magnetic Model gives it at each fix (0 until a dated fix).
        var p = GuidanceParameters(declinationFromModel: true)
        var intensity = 60
        guard let t else { return (p, intensity) }
        if let s = t.choice("heading_source", HeadingSource.allCases.map(\.rawValue)), let source = HeadingSource(rawValue: s) {
            p.headingSource = source
        }
        if let v = t.double("arrival_radius_m", in: 2...500, unit: " m") { p.arrivalRadius = v }
        if let v = t.double("min_direction_change_deg", in: 1...90, unit: "°") { p.minimumDirectionChange = v }
        if let v = t.double("refresh_interval_s", in: 1...600, unit: " s") { p.refreshInterval = .seconds(v) }
        if let v = t.double("fix_timeout_s", in: 2...600, unit: " s") { p.fixTimeout = .seconds(v) }
        if let v = t.double("progress_interval_s", in: 1...3600, unit: " s") { p.progressInterval = .seconds(v) }
        let offRoute = t.double("off_route_m", in: 5...1000, unit: " m")
        let backOnRoute = t.double("back_on_route_m", in: 1...1000, unit: " m")
        if let offRoute { p.offRouteDistance = offRoute }
        if let backOnRoute { p.backOnRouteDistance = backOnRoute }
        if backOnRoute == nil, offRoute != nil { p.backOnRouteDistance = p.offRouteDistance * 2 / 3 }
        if p.backOnRouteDistance >= p.offRouteDistance {
            t.report(backOnRoute != nil ? "back_on_route_m" : "off_route_m",
                     "back_on_route_m (\(Int(p.backOnRouteDistance)) m) must be less than off_route_m (\(Int(p.offRouteDistance)) m), or the warning would flap")
        }
        if let v = t.double("off_route_after_s", in: 0...600, unit: " s") { p.offRouteDelay = .seconds(v) }
        if let v = t.double("declination_deg", in: -180...180, unit: "°") {
            p.declination = v
            p.declinationFromModel = false
        }
        readApproach(t, into: &p)
        // The belt accepts 5–100 % (FSLib's changeDefaultVibrationIntensity).
        if let v = t.int("intensity", in: 5...100, unit: " %") { intensity = v }
        t.rejectUnknownKeys()
        return (p, intensity)
    }

    /// The distance-coded approach, the turn signal and the destination signal's bound
    /// (docs/signals.md). The thresholds must shrink toward the waypoint and stay outside the
    /// arrival radius, or a band could never be felt.
    private func readApproach(_ t: TableReader, into p: inout GuidanceParameters) {
        let keys = ["waypoint_long_m", "waypoint_medium_m", "waypoint_short_m", "waypoint_area_m"]
        var values = [p.waypointLong, p.waypointMedium, p.waypointShort, p.waypointArea]
        var given = [false, false, false, false]
        for (i, key) in keys.enumerated() {
            if let v = t.double(key, in: 2...5000, unit: " m") { values[i] = v; given[i] = true }
        }
        (p.waypointLong, p.waypointMedium, p.waypointShort, p.waypointArea) = (values[0], values[1], values[2], values[3])
        for i in 0..<3 where values[i] <= values[i + 1] {
            t.report(given[i + 1] ? keys[i + 1] : keys[i],
                     "\(keys[i + 1]) (\(Int(values[i + 1])) m) must be less than \(keys[i]) (\(Int(values[i])) m): the bands narrow toward the waypoint")
        }
        // Checked against the arrival radius only when a threshold is given: a large radius with the
        // defaults leaves the nearest bands unfelt, which is what it asks for.
        if given.contains(true), values[3] <= p.arrivalRadius {
            t.report(given[3] ? keys[3] : "arrival_radius_m",
                     "waypoint_area_m (\(Int(values[3])) m) must be more than arrival_radius_m (\(Int(p.arrivalRadius)) m), or the waypoint is reached before its area is felt")
        }
        if let v = t.double("signal_hysteresis_m", in: 0...100, unit: " m") { p.signalHysteresis = v }
        if let v = t.double("turn_angle_deg", in: 10...180, unit: "°") { p.turnAngle = v }
        if let v = t.double("destination_signal_s", in: 0...3600, unit: " s") { p.destinationSignalDuration = .seconds(v) }
    }
}
