import Navigation
import Routing
import TOMLKit
import Vocabulary

/// The reader of `[route]`.
extension ConfigurationLoader {
    /// What `[route]` gives: the route to follow and where it came from, whether to start walking at
    /// once, and the planning settings when a map is named.
    struct RouteReading {
        var path: String?
        var route: Route?
        var autostart = true
        var planning: RoutePlanningSettings?
        /// The route is planned to the destination (no GPX route is given).
        var plansRoute = false
    }

    /// `[route]`: a GPX file (relative to the configuration's directory), parsed here so that a
    /// malformed route is reported with the rest; or a map and a destination, the route then planned
    /// on the device when a walk starts. A map beside a GPX route brings the walker back to it.
    func readRoute(_ t: TableReader?, root: TableReader, directory: String, places: [Place]) -> RouteReading {
        var reading = RouteReading()
        guard let t else {
            if !root.has("route") {
                root.report("route", "missing [route] table with gpx = \"path/to/route.gpx\", or map = \"DIR\" and destination = [lat, lon]")
            }
            return reading
        }
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : "\(directory)/\(path)" }
        let gpx = t.string("gpx").map(absolute)
        let map = t.string("map").map(absolute)
        let destination = readDestination(t, places: places)
        let profileName = t.choice("profile", RoutingProfile.allCases.map(\.rawValue))
        let avoidSteps = t.bool("avoid_steps")
        let interval = t.int("replan_interval_s", in: RoutePlanningSettings.replanIntervalRange, unit: " s")
        let notice = t.double("notice_m", in: RoutePlanningSettings.noticeDistanceRange, unit: " m")
        reading.autostart = t.bool("autostart") ?? true
        t.rejectUnknownKeys()

        if gpx != nil, t.has("destination") {
            t.report("destination", "a route has one end: give gpx (a route to follow) or destination (planned on the map), not both")
        } else if gpx == nil, !t.has("gpx") {
            if map == nil, !t.has("map") {
                t.report("gpx", "missing; give the GPX file of the route to follow, or map = \"DIR\" and destination = [lat, lon] to plan one")
            } else if !t.has("destination") {
                t.report("destination", "missing; where the planned route goes: [lat, lon] or a name of [places]")
            }
        }
        if map == nil, !t.has("map") {
            for key in ["destination", "profile", "avoid_steps", "replan_interval_s", "notice_m"] where t.has(key) {
                t.report(key, "plans on a map, and [route] names none; add map = \"DIR\" (made by `wayfinder map import`)")
            }
        }
        if let map {
            checkMap(map, destination: destination?.coordinate, t)
            reading.planning = RoutePlanningSettings(
                mapDirectory: map, destination: destination,
                profile: profileName.flatMap(RoutingProfile.init(rawValue:)) ?? .foot, avoidSteps: avoidSteps ?? false,
                replanInterval: interval.map { .seconds($0) } ?? RoutePlanningSettings.defaultReplanInterval,
                noticeDistance: notice ?? RoutePlanningSettings.defaultNoticeDistance)
        }

        if let gpx {
            reading.path = gpx
            do {
                reading.route = try RouteFile.read(gpx, files: files)
            } catch {
                root.issues.report("route.gpx", "\(error)")
            }
        } else if let map, let destination {
            reading.path = map
            reading.route = RoutePlanningSettings.directRoute(to: destination)
            reading.plansRoute = true
        }
        return reading
    }

    /// `destination = [lat, lon]`, `"LAT,LON"` or a name of `[places]`.
    private func readDestination(_ t: TableReader, places: [Place]) -> RoutePlanningSettings.Destination? {
        guard let value = t.value("destination") else { return nil }
        if let array = value.array {
            guard array.count == 2, let latitude = Self.number(array[0]), let longitude = Self.number(array[1]) else {
                t.report("destination", "expected [latitude, longitude] in decimal degrees, e.g. destination = [55.6761, 12.5683]")
                return nil
            }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            guard coordinate.isValid else {
                t.report("destination", "\(TableReader.format(latitude)), \(TableReader.format(longitude)) is not a point on Earth (latitude -90…90 first, then longitude -180…180)")
                return nil
            }
            return .init(name: RouteEndpoint.coordinate(coordinate).description, coordinate: coordinate, isPlace: false)
        }
        guard let text = value.string else {
            t.report("destination", "expected [latitude, longitude] or the name of a place, found \(TableReader.describe(value))")
            return nil
        }
        do {
            let endpoint = try RouteEndpoint.parse(text)
            let coordinate = try PlaceBook(places).resolve(endpoint)
            if case .place(let name) = endpoint {
                let canonical = PlaceBook(places).place(named: name)?.name ?? name
                return .init(name: canonical, coordinate: coordinate, isPlace: true)
            }
            return .init(name: endpoint.description, coordinate: coordinate, isPlace: false)
        } catch {
            t.report("destination", "\(error)")
            return nil
        }
    }

    /// The map is looked at through the caller's files: its manifest must be there and readable, and
    /// the destination inside its area. Sizes and the Routino version are checked where the router
    /// runs (`MapDirectory.open`).
    private func checkMap(_ map: String, destination: Coordinate?, _ t: TableReader) {
        let manifestPath = map + "/" + MapManifest.fileName
        let bytes: [UInt8]?
        do {
            bytes = try files.read(manifestPath)
        } catch {
            t.report("map", "\(map): its \(MapManifest.fileName) cannot be read (\(error))")
            return
        }
        guard let bytes else {
            t.report("map", "\(map) is not a Wayfinder map (it has no \(MapManifest.fileName)); make one with `wayfinder map import FILE.osm.pbf --to \(map)`")
            return
        }
        let manifest: MapManifest
        do {
            manifest = try MapManifest.parse(String(decoding: bytes, as: UTF8.self), file: manifestPath)
        } catch {
            t.report("map", "\(error)")
            return
        }
        if let destination, let area = manifest.area,
           !(area.south...area.north).contains(destination.latitude) || !(area.west...area.east).contains(destination.longitude) {
            t.report("destination", "\(RouteEndpoint.coordinate(destination)) is outside the map's area "
                     + "(latitude \(TableReader.format(area.south))…\(TableReader.format(area.north)), longitude \(TableReader.format(area.west))…\(TableReader.format(area.east)))")
        }
    }

}
