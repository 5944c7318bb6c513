import Belt
import Config
import Navigation
import Platform
@testable import Runtime
import Sensors
import Simulation
import Synchronization
import TripReport
import WayfinderTestKit
import XCTest

final class DemoRouteIntegrationTests: XCTestCase {
    final class Observations: Sendable {
        let all = Mutex<[NavigationObservation]>([])
    }

    /// The state directory of the last `walk`.
    var stateDirectory = ""

    func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "wayfinder-sim-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    /// The demo configuration with the given script; everything else as shipped, except that the touch
    /// case and the pencil are left out unless `touch` says so: these walks check the belt at 300×,
    /// where the two devices' timers would add thousands of wake-ups a second to a loaded machine
    /// (their own end-to-end tests are `TouchInputIntegrationTests`, at 10×).
    func demoConfiguration(touch: Bool = false, events: (SimulationEvent) -> Bool) throws -> WayfinderConfiguration {
        var c = try ConfigurationLoader.appliance(boards: BoardCatalog(directories: [Repository.boards])).load(path: Repository.demoConfig)
        c.simulation?.events.removeAll { !events($0) }
        c.touchCase.enabled = touch
        c.pencil.enabled = touch
        return c
    }

    /// Runs the appliance to "destination reached" and returns what happened.
    /// 150×: fast enough for a test, slow enough that a debug build on a busy 2-core CI machine keeps
    /// up with the simulated devices (at 300× a loaded machine fell behind the clock and lost fixes).
    func walk(_ config: WayfinderConfiguration, acceleration: Double = 150) async throws
        -> (world: SimulatedWorld, observations: [NavigationObservation], logs: LogCapture, route: Route) {
        let logs = LogCapture(level: .info)
        let observations = Observations()
        var options = Appliance.Options()
        options.exitWhenDone = true
        options.acceleration = acceleration
        stateDirectory = temporaryDirectory()
        options.stateDirectory = stateDirectory
        options.shutdownSignals = []
        options.navigationObserver = { o in observations.all.withLock { $0.append(o) } }
        let (appliance, simulated) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options) { logs.logger($0) }
        let board = try XCTUnwrap(simulated)
        // The walk takes about 30 minutes of session time. The simulated clock slows down on a machine
        // that cannot keep up (an emulated CPU), so the backstop is in session time too: a walk still
        // going after twice that is lost.
        let clock = appliance.clock
        let watchdog = Task {
            try await clock.sleep(for: .seconds(60 * 60))
            await appliance.group.triggerGracefulShutdown()
        }
        try await appliance.run()
        watchdog.cancel()
        let world = await board.snapshot()
        return (world, observations.all.withLock { $0 }, logs, config.route)
    }

    func testTheDemoRouteIsWalkedToTheDestinationWithEveryBeltCommandPointingAtTheNextWaypoint() async throws {
        // The shipped script without its touches and clicks, so every waypoint must be walked to;
        // pause/resume, the GPS outage, the belt's link loss and the actor failure stay in.
        var config = try demoConfiguration { event in
            switch event.action {
            case .touch, .penClick: return false
            default: return true
            }
        }
        // A large declination, so that getting its sign wrong (a 40° error) cannot hide in the tolerance.
        config.guidance.declination = 20
        let (world, observations, logs, route) = try await walk(config)
        let declination = config.guidance.declination

        XCTAssertEqual(logs.matching("destination reached").count, 1, logs.all.suffix(20).joined(separator: "\n"))

        // Every waypoint reached, in order.
        let reached = observations.compactMap { o -> Int? in
            if case .report(.waypointReached(let i, _)) = o.action { i } else { nil }
        }
        XCTAssertEqual(reached, Array(route.waypoints.indices))

        // The walker really went there: its true track passes each waypoint in order.
        var searchFrom = 0
        for (i, waypoint) in route.waypoints.enumerated() {
            let hit = world.track[searchFrom...].firstIndex {
                Geodesic.wgs84.inverse(from: $0.position, to: waypoint.coordinate).distance <= config.guidance.arrivalRadius + 10
            }
            XCTAssertNotNil(hit, "the walker never came near waypoint \(i + 1) \(waypoint.name ?? "")")
            searchFrom = hit ?? searchFrom
        }

        // Every direction command points at the next waypoint, within 10° of the geodesic bearing from the fix.
        var checked = 0
        for o in observations {
            guard case .belt(let request) = o.action, let fix = o.fix else { continue }
            let commanded: (Int, Bool)
            switch request {
            case .startNavigation(let d, let m, let s?), .updateNavigation(let d, let m, let s?):
                _ = s
                commanded = (d, m)
            case .notifyDirection(let d, let m):
                commanded = (d, m)
            default:
                continue
            }
            XCTAssertTrue(commanded.1, "the demo uses the belt's compass: magnetic bearings")
            let target = route.waypoints[o.targetIndex].coordinate
            let bearing = Geodesic.wgs84.inverse(from: fix.coordinate, to: target).initialAzimuth
            let commandedTrue = Double(commanded.0) + declination
            let error = abs(Bearing.difference(from: bearing, to: commandedTrue))
            XCTAssertLessThanOrEqual(error, 10, "at t+\(o.at.clockString) the belt pointed \(commanded.0)° magnetic toward waypoint \(o.targetIndex + 1); the bearing is \(bearing)°")
            checked += 1
        }
        XCTAssertGreaterThan(checked, route.waypoints.count * 2, "directions were commanded along the way")

        // Independently of the navigation actor's view: every navigation signal the belt accepted points
        // from where the walker really was to the waypoint then being walked to. Only where the walker
        // was more than 80 m away, so that GPS noise (σ 2.5 m) cannot swing the bearing by more than a
        // few degrees.
        // The decision a signal came from is the last one that asked for that direction: on a loaded
        // machine (an emulated CPU) the guidance can reach the next waypoint before the belt has
        // received the previous leg's command. "Where the walker really was" is the point of the true
        // track nearest to that decision's fix, searched over the minute before the signal: at 150× a
        // pause of 0.2 s in the process is 30 simulated seconds of walking between fix and signal.
        func direction(_ o: NavigationObservation) -> Int? {
            guard case .belt(let request) = o.action else { return nil }
            switch request {
            case .startNavigation(let d, _, _?), .updateNavigation(let d, _, _?), .notifyDirection(let d, _): return d
            default: return nil
            }
        }
        var checkedAtTheBelt = 0
        for record in world.belt.records where record.problem == nil {
            guard case .configureChannel(let c) = record.command, c.channel == ChannelConfiguration.navigationChannel,
                  case .magneticBearing(let magnetic) = c.orientation,
                  let decision = observations.last(where: { $0.at <= record.at && direction($0) == magnetic }),
                  let fix = decision.fix else { continue }
            let recent = world.track.filter { $0.at <= record.at && $0.at >= record.at - .seconds(60) }
            guard let position = recent.min(by: {
                Geodesic.wgs84.inverse(from: $0.position, to: fix.coordinate).distance
                    < Geodesic.wgs84.inverse(from: $1.position, to: fix.coordinate).distance
            })?.position else { continue }
            // The fix itself came from the walker: within 6σ of the GPS noise of a point it walked through.
            let fixError = Geodesic.wgs84.inverse(from: position, to: fix.coordinate).distance
            XCTAssertLessThanOrEqual(fixError, 15, "at t+\(record.at.clockString) the fix was \(fixError) m from the walker's track")
            let target = route.waypoints[decision.targetIndex].coordinate
            let truth = Geodesic.wgs84.inverse(from: position, to: target)
            guard truth.distance > 80 else { continue }
            let error = abs(Bearing.difference(from: truth.initialAzimuth, to: Double(magnetic) + declination))
            // The guidance holds a direction until it moves by more than min_direction_change_deg (8° in
            // demo.toml), and GPS noise at ≥ 80 m adds up to about 4° (2σ): 12° is the most a correct belt is off.
            XCTAssertLessThanOrEqual(error, 12, "at t+\(record.at.clockString) the belt pointed \(magnetic)° magnetic; from the walker's true position waypoint \(decision.targetIndex + 1) bears \(Bearing.normalized(truth.initialAzimuth))° true")
            checkedAtTheBelt += 1
        }
        XCTAssertGreaterThan(checkedAtTheBelt, route.waypoints.count)

        // What reached the belt: navigation signals on channel 2, no protocol violations, silence at the end.
        XCTAssertEqual(world.belt.violations.map { "\($0.command): \($0.problem!)" }, [])
        XCTAssertEqual(world.peripheral.violations.map { "\($0)" }, [], "every byte the belt received was valid")
        XCTAssertGreaterThan(world.peripheral.keepAliveAnswers, 0, "keep-alives were answered")
        let navigationSignals = world.belt.records.filter {
            if case .configureChannel(let c) = $0.command { c.channel == ChannelConfiguration.navigationChannel } else { false }
        }
        XCTAssertGreaterThan(navigationSignals.count, route.waypoints.count)
        XCTAssertTrue(world.belt.systemSignals.contains { $0.signal == .destinationReached })
        XCTAssertTrue(world.belt.channels.isEmpty, "the belt is silent after the walk")

        // The wearer felt the walk's states (docs/signals.md): its start, the scripted pause, the GPS
        // outage as GPS lost (FSLib's critical warning), not as off route; every one accepted by the belt.
        let stateSignals = world.belt.records.compactMap { record in
            WearerSignal.allCases.first { $0.beltCommand == record.command }.map { ($0, record.problem) }
        }
        for signal: WearerSignal in [.walkStarted, .walkPaused, .gpsLost] {
            XCTAssertTrue(stateSignals.contains { $0.0 == signal }, "\(signal) reached the belt: \(stateSignals.map(\.0))")
        }
        XCTAssertEqual(stateSignals.filter { $0.1 != nil }.map { "\($0.0): \($0.1!)" }, [])
        XCTAssertFalse(stateSignals.contains { $0.0 == .offRoute }, "the GPS outage is not an excursion")

        // The scripted disturbances happened and were handled.
        XCTAssertFalse(logs.matching("navigation paused").isEmpty)
        XCTAssertFalse(logs.matching("no GPS fix for").isEmpty)
        XCTAssertFalse(logs.matching("belt connection lost").isEmpty)
        XCTAssertEqual(logs.matching("belt connected").count, 2, "connected, lost, reconnected")
        XCTAssertFalse(logs.matching("gestures actor restarted").isEmpty)

        try checkTripRecords(route: route, logs: logs)
    }

    /// The walk's journal holds what happened, on the track's timeline, and its report and manifest
    /// were written before the run returned (the walk arrived, so it ended).
    func checkTripRecords(route: Route, logs: LogCapture) throws {
        let tracks = "\(stateDirectory)/\(TrackArchive.directoryName)"
        let files = try FileManager.default.contentsOfDirectory(atPath: tracks).sorted()
        let gpx = try XCTUnwrap(files.first { $0.hasSuffix(".gpx") }, "\(files)")
        let stem = String(gpx.dropLast(4))
        XCTAssertEqual(Set(files), [gpx, "\(stem).events.jsonl", "\(stem).html", "\(stem).manifest.json", TrackArchive.pointerName])
        let journal = TripJournalFormat.read(try String(contentsOfFile: "\(tracks)/\(stem).events.jsonl", encoding: .utf8))
        XCTAssertEqual(journal.skippedLines, 0)
        let kinds = journal.events.map(\.kind)
        XCTAssertEqual(kinds.first, .walk)
        XCTAssertEqual(journal.events.first?.name, route.name)
        for kind: TripEvent.Kind in [.applianceStarted, .navigationStarted, .paused, .resumed, .gpsLost, .gpsBack, .arrived] {
            XCTAssertTrue(kinds.contains(kind), "the journal has no \(kind) record: \(kinds)")
        }
        XCTAssertEqual(journal.events.filter { $0.kind == .waypointReached }.compactMap(\.index), Array(route.waypoints.indices))
        XCTAssertEqual(journal.events.filter { $0.kind == .linkLost }.map(\.device), ["belt"])
        XCTAssertEqual(journal.events.filter { $0.kind == .linkBack }.map(\.device), ["belt"])
        XCTAssertEqual(journal.events.filter { $0.kind == .restart }.map(\.device), ["gestures"])
        XCTAssertTrue(journal.events.contains { $0.kind == .command && $0.source?.hasPrefix("button") == true })
        let belts = journal.events.filter { $0.kind == .belt }
        XCTAssertGreaterThan(belts.count, 100, "a direction every 5 s of a 30-minute walk")
        XCTAssertTrue(belts.allSatisfy { ($0.bearing ?? -1) >= 0 && ($0.bearing ?? 400) < 360 && $0.latitude != nil })

        // The journal's times are the track's: each arrival lies within the track's time span, and
        // the point recorded nearest in time to it is near the waypoint.
        let track = try GPXTrackReader.read(data: Data(contentsOf: URL(fileURLWithPath: "\(tracks)/\(gpx)")), source: gpx)
        let points = track.segments.flatMap { $0 }.filter { $0.time != nil }
        XCTAssertTrue(points.allSatisfy { $0.fix == .threeD && $0.hdop != nil && $0.satellites != nil }, "fix quality is recorded")
        let (first, last) = (try XCTUnwrap(points.first?.time), try XCTUnwrap(points.last?.time))
        for arrival in journal.events where arrival.kind == .waypointReached {
            XCTAssertTrue(arrival.time >= first - 5 && arrival.time <= last + 5, "\(arrival) outside \(first)…\(last)")
            guard let index = arrival.index, let nearest = points.min(by: { abs(($0.time ?? 0) - arrival.time) < abs(($1.time ?? 0) - arrival.time) }) else { continue }
            let distance = Geodesic.wgs84.inverse(from: nearest.coordinate, to: route.waypoints[index].coordinate).distance
            XCTAssertLessThan(distance, 40, "waypoint \(index + 1) reached \(distance) m away from the track point of that time")
        }
        let html = try String(contentsOfFile: "\(tracks)/\(stem).html", encoding: .utf8)
        XCTAssertTrue(html.contains(#"class="route""#) && html.contains("class=\"track q-"), "route and track are drawn")
        XCTAssertFalse(html.contains("<script"))
        // Written at the arrival, and again at shutdown with the records that came after it.
        XCTAssertGreaterThanOrEqual(logs.matching("trip report written").count, 1)
    }

    /// Drop the belt's link mid-navigation; after reconnection the belt is back in app mode with
    /// the vibration the navigation last asked for (the latest state wins), and nothing was sent while it
    /// was away.
    func testAfterALinkDropTheBeltIsBackInAppModeWithTheLatestVibration() async throws {
        var config = try demoConfiguration { _ in false }
        // Mid-leg (the third leg is 318 m long), so no waypoint is reached while the belt is away.
        let drop = Duration.seconds(210), back = Duration.seconds(220)
        config.simulation?.events = [SimulationEvent(at: drop, action: .beltDisconnect(back - drop))]
        let (world, observations, logs, _) = try await walk(config)
        XCTAssertEqual(logs.matching("destination reached").count, 1)

        func navigationSignal(_ r: SimulatedBelt.Record) -> ChannelConfiguration? {
            guard r.problem == nil, case .configureChannel(let c) = r.command, c.channel == ChannelConfiguration.navigationChannel
            else { return nil }
            return c
        }
        let records = world.belt.records
        XCTAssertTrue(records.allSatisfy { $0.at < drop || $0.at >= back }, "nothing reached the belt while it was out of reach")
        guard let before = records.last(where: { $0.at < drop && navigationSignal($0) != nil }),
              let reconnected = records.firstIndex(where: { $0.at >= back && $0.command == .changeMode(.app) }),
              let after = records[reconnected...].first(where: { navigationSignal($0) != nil })
        else { return XCTFail("expected a signal before the drop, app mode after it, and a signal again") }

        // What navigation last asked for before the belt came back.
        let wanted = observations.last { o in
            guard o.at < after.at, case .belt(let r) = o.action else { return false }
            switch r {
            case .startNavigation(_, _, let s?), .updateNavigation(_, _, let s?): return s == .navigation || s == .approachingDestination
            default: return false
            }
        }
        let direction: Int
        switch wanted?.action {
        case .belt(.updateNavigation(let d, _, _))?, .belt(.startNavigation(let d, _, _))?: direction = d
        default: return XCTFail("no direction was requested before the reconnection")
        }
        let (a, b) = (navigationSignal(before)!, navigationSignal(after)!)
        XCTAssertEqual(b.orientation, .magneticBearing(direction), "the latest direction wins on reconnection")
        XCTAssertEqual(a.pattern, b.pattern)
        XCTAssertEqual(a.periodMilliseconds, b.periodMilliseconds)
        if case .magneticBearing(let x) = a.orientation {
            // The walker stood still without a signal, so only GPS noise moved the direction.
            XCTAssertLessThanOrEqual(abs(Bearing.difference(from: Double(x), to: Double(direction))), 10)
        }
        // A send may race the drop (the link is gone before its loss reaches the belt actor, which is
        // likelier the slower the machine, e.g. under emulation); that is logged as "not sent". No send
        // may fail for any other reason.
        XCTAssertTrue(logs.matching("could not send").isEmpty, "no send failed but for the link being down: \(logs.matching("could not send"))")
        XCTAssertEqual(world.peripheral.violations.count, 0)
    }

    func testASwipeSkipsAWaypoint() async throws {
        let config = try demoConfiguration(touch: true) { event in
            if case .touch(let t) = event.action, t.gesture == .swipe(.right) { return true }
            return false
        }
        // 100×, not 300×: the swipe is a real stroke on the simulated case now, timed in session time.
        let (_, observations, logs, route) = try await walk(config, acceleration: 100)
        XCTAssertEqual(logs.matching("destination reached").count, 1)
        let reached = observations.compactMap { o -> Int? in
            if case .report(.waypointReached(let i, _)) = o.action { i } else { nil }
        }
        let skipped = observations.compactMap { o -> Int? in
            if case .report(.skipped(let to, _)) = o.action { to } else { nil }
        }
        XCTAssertEqual(skipped.count, 1)
        XCTAssertEqual(reached.count, route.waypoints.count - 1)
        let to = try XCTUnwrap(skipped.first, logs.matching("touch case|gesture").joined(separator: "\n"))
        XCTAssertFalse(reached.contains(to - 1), "the skipped waypoint is not walked to")
    }
}
