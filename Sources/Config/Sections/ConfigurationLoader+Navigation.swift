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
        // The belt accepts 5–100 % (FSLib's changeDefaultVibrationIntensity).
        if let v = t.int("intensity", in: 5...100, unit: " %") { intensity = v }
        t.rejectUnknownKeys()
        return (p, intensity)
    }
}
