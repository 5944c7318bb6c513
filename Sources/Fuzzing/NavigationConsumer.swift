import Belt
import Foundation
import Navigation
import Sensors

/// What the appliance does with a fix, a heading or a route once a parser has produced it: the
/// navigation rules, the belt's direction and the track's GPX point. Targets that end in a fix run
/// it through here, so a value that parses but breaks the arithmetic downstream is found too.
enum NavigationConsumer {
    /// A short walk in Berlin, the shape of the demo route.
    static let route = Route(name: "fuzz", kind: .route, waypoints: [
        Waypoint(name: "start", coordinate: Coordinate(latitude: 52.5200, longitude: 13.4050)),
        Waypoint(name: "corner", coordinate: Coordinate(latitude: 52.5210, longitude: 13.4070)),
        Waypoint(name: "end", coordinate: Coordinate(latitude: 52.5230, longitude: 13.4060)),
    ])

    /// The properties every fix a parser hands on keeps: a usable fix has a position on the globe, and
    /// no optional number is NaN or infinite (the track, the log and the geodesy all print or divide them).
    static func check(_ fix: Fix, from source: String) throws(FuzzViolation) {
        let finite: [(String, Double?)] = [("altitude", fix.altitude), ("speed", fix.speed), ("course", fix.course),
                                           ("hdop", fix.hdop), ("horizontal accuracy", fix.horizontalAccuracy),
                                           ("UTC seconds", fix.utcSeconds)]
        for (name, value) in finite {
            if let value { try expect(value.isFinite, "\(source): the fix's \(name) is \(value)") }
        }
        if let satellites = fix.satellites { try expect(satellites >= 0, "\(source): \(satellites) satellites") }
        if fix.mode != .noFix {
            try expect(fix.coordinate.isValid, "\(source): a \(fix.mode) fix at \(fix.coordinate.latitude), \(fix.coordinate.longitude)")
        }
    }

    /// Guidance on the fixed route, fed `fixes` and `headings` in order a second apart; every belt
    /// direction it asks for is a compass bearing.
    static func navigate(fixes: [Fix], headings: [Heading] = []) throws(FuzzViolation) {
        var guidance = RouteGuidance(route: route, parameters: GuidanceParameters())
        var now = Duration.zero
        var actions = guidance.handle(.start, now: now)
        for (index, fix) in fixes.enumerated() {
            now += .seconds(1)
            actions += guidance.handle(fix, now: now)
            if index < headings.count { actions += guidance.handle(headings[index], now: now) }
            actions += guidance.tick(now: now)
            _ = GPXTrackFormat.point(fix)
            if let direction = guidance.beltDirection(now: now)?.value {
                try expect((0..<360).contains(direction), "belt direction \(direction) for \(fix)")
            }
        }
        _ = guidance.progressReport()
        for action in actions { _ = "\(action)" }
    }
}
