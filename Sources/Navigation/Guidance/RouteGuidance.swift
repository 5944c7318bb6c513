import Sensors

/// The navigation rules as a pure state machine: fixes, headings, commands and time in; belt actions out.
///
/// It follows a route waypoint by waypoint, points the belt from the current fix to the next waypoint
/// along the WGS84 geodesic, rate-limits belt commands, warns when the fix goes quiet and ends with
/// "destination reached". It owns no clock: every input carries `now` on the monotonic timeline.
package struct RouteGuidance: Sendable {
    package private(set) var route: Route {
        didSet { routeLegs = Self.legs(of: route) }
    }
    /// The geodesic of each of the route's legs, waypoint `i` to `i + 1`: the progress sums the ones
    /// ahead and the off-route check measures against the one being walked, at every fix.
    private var routeLegs: [GeodesicInverse]
    /// The geodesic from a fix to the current waypoint, kept for that pair of points: the arrival
    /// check, the belt's direction, its signal and the progress each measure it at every fix.
    private var toTarget: (from: Coordinate, to: Coordinate, leg: GeodesicInverse)?
    package var parameters: GuidanceParameters
    package private(set) var progress: RouteProgress
    package private(set) var state: NavigationState = .stopped {
        // The saved progress says whether the walk is under way, so a restart can carry on.
        didSet { progress.isNavigating = state == .navigating }
    }
    /// The belt's default vibration intensity, percent, as `intensity-up`/`-down` change it (the
    /// appliance starts it at `[navigation] intensity`).
    package var intensity = 60
    /// One step of `intensity-up`/`-down`, and the range the belt accepts (FSLib's
    /// `changeDefaultVibrationIntensity`).
    package static let intensityStep = 10
    package static let intensityRange = 5...100
    package private(set) var lastFix: Fix?
    /// The declination the belt's directions use now (see `GuidanceParameters.declinationFromModel`).
    package private(set) var declination: Double
    /// Where and when the model was last evaluated successfully; nil while the fallback is in use.
    private var declinationBasis: (coordinate: Coordinate, utcSeconds: Double)?
    private var fallbackReported = false
    /// The model is evaluated again after this much movement or time: declination changes by well under
    /// 0.1° over a kilometre or an hour at walking scale (WMM2025 secular variation is a few tenths of a
    /// degree per year).
    static let declinationRefreshDistance = 1000.0
    static let declinationRefreshInterval = 3600.0
    package private(set) var lastHeading: Heading?
    /// The direction last commanded to the belt, in the belt's terms, and when.
    package private(set) var lastCommand: (direction: Int, isMagneticBearing: Bool, signal: BeltVibrationSignal?, at: Duration)?
    private var fixLost = false
    /// The external compass went quiet and the belt's own compass stands in (reported once each way).
    package private(set) var isHeadingFallback = false
    /// Off-route state with hysteresis: `offRoute` flips on after `offRouteDelay` beyond
    /// `offRouteDistance` (timed from `beyondSince`), and off again only within `backOnRouteDistance`.
    package private(set) var isOffRoute = false
    private var beyondSince: Duration?
    /// Where the leg being walked begins when it is not the previous waypoint: after a skip or a
    /// step back the wearer heads for the new target from wherever they are, so the leg starts at
    /// the next fix (`legOriginPending`) rather than at a waypoint they never walked from.
    private var legOrigin: Coordinate?
    private var legOriginPending = false
    private var lastProgressReport: Duration?
    /// When navigation last started or resumed: a GPS that never delivers is timed from here.
    private var navigatingSince: Duration = .zero
    /// How near the current target the approach signal says the wearer is (0 = farther than every
    /// threshold), kept with hysteresis; nil until the leg's first fix.
    private var approachBand: Int?
    /// After arrival: when the destination signal plays next, and until when it may repeat; nil when
    /// it does not (stopped by the wearer, or its time is up).
    package private(set) var destinationSignal: (next: Duration, until: Duration)?

    /// A heading older than this is not trusted for body-relative angles.
    package static let headingTimeout: Duration = .seconds(3)

    package init(route: Route, parameters: GuidanceParameters, restoring saved: RouteProgress? = nil) {
        self.route = route
        routeLegs = Self.legs(of: route)
        self.parameters = parameters
        self.declination = parameters.declination
        if let saved, saved.resumes(on: route) {
            self.progress = saved
        } else {
            self.progress = RouteProgress(routeIdentity: route.identity)
        }
    }

    package var currentWaypoint: Waypoint? {
        route.waypoints.indices.contains(progress.currentIndex) ? route.waypoints[progress.currentIndex] : nil
    }

    // MARK: Inputs

    package mutating func handle(_ command: NavigationCommand, now: Duration) -> [GuidanceAction] {
        switch command {
        case .start:
            return start(now: now)
        case .pause:
            guard state == .navigating else {
                return ignored(command, state == .paused ? "the walk is already paused; resume carries on"
                                                         : notNavigating(then: "there is nothing to pause"))
            }
            state = .paused
            return [.belt(.pauseNavigation), .saveProgress(progress), .report(.paused)]
        case .resume:
            guard state == .paused else {
                return ignored(command, state == .navigating ? "the walk is already under way" : notNavigating(then: "not paused"))
            }
            return resume(now: now)
        case .togglePause:
            switch state {
            case .navigating: return handle(.pause, now: now)
            case .paused: return resume(now: now)
            case .stopped: return start(now: now)
            }
        case .stop:
            if state == .stopped, destinationSignal != nil {
                // The wearer felt the arrival: `stop` ends the repeated destination signal.
                destinationSignal = nil
                return [.report(.destinationSignalStopped)]
            }
            guard state != .stopped else {
                return ignored(command, progress.destinationReached ? "the walk has arrived, so it is stopped already" : "the walk is already stopped")
            }
            state = .stopped
            lastCommand = nil
            return [.belt(.stopNavigation), .saveProgress(progress), .report(.stopped)]
        case .nextWaypoint:
            guard !progress.destinationReached, progress.currentIndex + 1 < route.waypoints.count else {
                return ignored(command, progress.destinationReached
                               ? "the walk has arrived at its destination; previous-waypoint goes back, start walks the route again"
                               : "waypoint \(progress.currentIndex + 1) of \(route.waypoints.count) is the last; there is none to skip to")
            }
            progress.skipped.append(progress.currentIndex)
            progress.currentIndex += 1
            startLegHere()
            return [.saveProgress(progress), .report(.skipped(to: progress.currentIndex, name: currentWaypoint?.name))]
                + announceAndSteer(now: now)
        case .previousWaypoint:
            guard progress.currentIndex > 0 else { return ignored(command, "waypoint 1 is the first; there is none before it") }
            progress.currentIndex -= 1
            progress.skipped.removeAll { $0 >= progress.currentIndex }
            startLegHere()
            progress.destinationReached = false
            return [.saveProgress(progress), .report(.wentBack(to: progress.currentIndex, name: currentWaypoint?.name))]
                + announceAndSteer(now: now)
        case .announceDirection:
            // The belt plays vibrations only in app mode, that is while navigating.
            guard state == .navigating else { return ignored(command, notNavigating(then: "and the belt points only during a walk")) }
            guard let direction = beltDirection(now: now) else { return ignored(command, "there is no recent GPS fix to point from") }
            return [.belt(.notifyDirection(direction: direction.value, isMagneticBearing: direction.isMagnetic))]
        case .announceBattery:
            return [.belt(.notifyBatteryLevel)]
        case .nextPlace:
            // The navigation actor chooses places; guidance alone has no map to plan on.
            return ignored(command, "choosing a place needs [route] map and a [places] table in the configuration")
        case .intensityUp, .intensityDown:
            let step = command == .intensityUp ? Self.intensityStep : -Self.intensityStep
            let new = min(max(intensity + step, Self.intensityRange.lowerBound), Self.intensityRange.upperBound)
            guard new != intensity else {
                return ignored(command, "the intensity is already at its \(command == .intensityUp ? "highest" : "lowest"), \(intensity) %")
            }
            intensity = new
            return [.belt(.changeDefaultIntensity(new))]
        case .beltButton(.home, _):
            // Home resumes a paused walk, otherwise repeats the direction (FSLib leaves it to the app).
            return state == .paused ? resume(now: now) : handle(.announceDirection, now: now)
        case .beltButton(.pause, _):
            return handle(.togglePause, now: now)
        case .beltButton(let button, let press):
            return [.belt(.mirrorButton(button, press))]
        }
    }

    package mutating func handle(_ fix: Fix, now: Duration) -> [GuidanceAction] {
        guard fix.isUsable else { return [] }
        lastFix = fix
        var actions: [GuidanceAction] = updateDeclination(for: fix)
        if fixLost {
            fixLost = false
            actions.append(.report(.fixRegained))
        }
        guard state == .navigating else { return actions }
        actions += checkArrival(now: now)
        guard state == .navigating else { return actions }
        actions += checkRoute(fix, now: now)
        actions += steer(now: now, force: false)
        if lastProgressReport.map({ now - $0 >= parameters.progressInterval }) ?? true, let report = progressReport() {
            lastProgressReport = now
            actions.append(.report(.progress(report)))
        }
        return actions
    }

    package mutating func handle(_ heading: Heading, now: Duration) -> [GuidanceAction] {
        lastHeading = heading
        // With the belt's compass the belt follows the body itself; only body-relative angles need updating.
        guard state == .navigating, parameters.headingSource == .external else { return [] }
        var actions: [GuidanceAction] = []
        if isHeadingFallback {
            isHeadingFallback = false
            actions.append(.report(.headingRestored))
        }
        return actions + steer(now: now, force: false)
    }

    /// When `tick` next has something to notice: the moment the GPS, or an external compass that is
    /// still trusted, will have been quiet for its timeout; nil while not navigating. A host sleeps
    /// until then instead of ticking (a fix or heading that arrives first moves the time on).
    package var nextCheck: Duration? {
        guard state == .navigating else { return destinationSignal?.next }
        var due: [Duration] = []
        if parameters.headingSource == .external, !isHeadingFallback { due.append(headingQuietSince + Self.headingTimeout) }
        if !fixLost { due.append(fixQuietSince + parameters.fixTimeout) }
        return due.min()
    }

    /// Since when the compass has said nothing this walk: its last heading, or the start if later.
    private var headingQuietSince: Duration { max(lastHeading?.receivedAt ?? navigatingSince, navigatingSince) }
    /// Since when the GPS has said nothing this walk: its last fix, or the start if later.
    private var fixQuietSince: Duration { max(lastFix?.receivedAt ?? navigatingSince, navigatingSince) }

    /// Time passing with nothing else happening: notices a GPS or an external compass that went quiet.
    package mutating func tick(now: Duration) -> [GuidanceAction] {
        if state == .stopped, let repeating = destinationSignal, now >= repeating.next {
            let next = repeating.next + parameters.destinationSignalInterval
            destinationSignal = next < repeating.until ? (next, repeating.until) : nil
            return [.belt(.notifyDestinationReached(shouldStopNavigation: false))]
        }
        let compass = checkHeading(now: now)
        guard state == .navigating, !fixLost else { return compass }
        return compass + checkFix(now: now)
    }

    /// The external compass has been quiet for `headingTimeout`: `beltDirection` already points with
    /// the belt's compass; this reports the switch once and re-points the belt in its terms now rather
    /// than at the next fix.
    private mutating func checkHeading(now: Duration) -> [GuidanceAction] {
        guard state == .navigating, parameters.headingSource == .external, !isHeadingFallback else { return [] }
        let since = headingQuietSince
        guard now - since >= Self.headingTimeout else { return [] }
        isHeadingFallback = true
        return [.report(.headingFallback(after: now - since))] + steer(now: now, force: false)
    }

    private mutating func checkFix(now: Duration) -> [GuidanceAction] {
        let since = fixQuietSince
        guard now - since >= parameters.fixTimeout else { return [] }
        fixLost = true
        // The wearer feels it as the GPS-lost signal, played by the state signals (StateSignals).
        var actions: [GuidanceAction] = [.report(.fixLost(after: now - since))]
        if let last = lastCommand, last.signal != nil {
            // Pointing from a stale position could send the wearer the wrong way: fall silent instead.
            lastCommand = (last.direction, last.isMagneticBearing, nil, now)
            actions.append(.belt(.updateNavigation(direction: last.direction, isMagneticBearing: last.isMagneticBearing, signal: nil)))
        }
        return actions
    }

    /// The belt changed the navigation state by itself (its own buttons, or a mode change such as
    /// compass mode pausing navigation): follow it, so the two state machines never disagree.
    package mutating func beltStateChanged(to newState: NavigationState, now: Duration) -> [GuidanceAction] {
        guard newState != state else { return [] }
        switch newState {
        case .paused:
            state = .paused
            return [.saveProgress(progress), .report(.paused)]
        case .stopped:
            state = .stopped
            lastCommand = nil
            return [.saveProgress(progress), .report(.stopped)]
        case .navigating:
            // The controller resumed with its stored direction; re-point from the latest fix.
            state = .navigating
            navigatingSince = now
            if beltDirection(now: now) == nil, let last = lastCommand {
                // No fresh fix: the controller's stored direction is stale, so resume silently.
                lastCommand = (last.direction, last.isMagneticBearing, nil, now)
                return [.saveProgress(progress), .report(.resumed),
                        .belt(.updateNavigation(direction: last.direction, isMagneticBearing: last.isMagneticBearing, signal: nil))]
            }
            return [.saveProgress(progress), .report(.resumed)] + steer(now: now, force: true)
        }
    }

    /// The progress line's content, if there is a fix and a waypoint to walk to.
    package func progressReport() -> GuidanceProgress? {
        guard let fix = lastFix, let target = currentWaypoint else { return nil }
        let leg = geodesic(from: fix.coordinate, to: target.coordinate)
        var remaining = leg.distance
        var index = progress.currentIndex
        while index + 1 < route.waypoints.count {
            remaining += routeLegs[index].distance
            index += 1
        }
        return GuidanceProgress(waypointIndex: progress.currentIndex, waypointCount: route.waypoints.count,
                                waypointName: target.name, distanceToWaypoint: leg.distance,
                                distanceRemaining: remaining, beltDirection: lastCommand?.direction,
                                isMagneticBearing: lastCommand?.isMagneticBearing ?? true,
                                trueBearing: Bearing.normalized(leg.initialAzimuth))
    }

    // MARK: Reconfiguration

    /// Takes new settings while running. A new route starts from its first waypoint (the same points
    /// keep the progress); while navigating the belt is pointed at the new target at once, or falls
    /// silent without a recent fix, because its direction belonged to the old route.
    package mutating func apply(_ update: GuidanceUpdate, now: Duration) -> [GuidanceAction] {
        if let intensity = update.intensity {
            self.intensity = min(max(intensity, Self.intensityRange.lowerBound), Self.intensityRange.upperBound)
        }
        var actions: [GuidanceAction] = []
        if let parameters = update.parameters { actions += reconfigure(parameters, now: now) }
        if let route = update.route { actions += replaceRoute(with: route, now: now) }
        return actions
    }

    private mutating func reconfigure(_ new: GuidanceParameters, now: Duration) -> [GuidanceAction] {
        let old = parameters
        parameters = new
        if !new.declinationFromModel {
            declination = new.declination
            declinationBasis = nil
        } else if !old.declinationFromModel {
            // The model is evaluated at the next fix; until then the declination in use stays.
            declinationBasis = nil
        }
        fallbackReported = false
        if new.headingSource != old.headingSource { isHeadingFallback = false }
        // A new declination or heading source can move the direction: re-point if it moved enough.
        guard state == .navigating else { return [] }
        return steer(now: now, force: false)
    }

    private mutating func replaceRoute(with newRoute: Route, now: Duration) -> [GuidanceAction] {
        let samePoints = newRoute.identity == route.identity
        route = newRoute
        guard !samePoints else {
            return [.report(.routeChanged(waypoint: progress.currentIndex, of: route.waypoints.count, keptProgress: true))]
        }
        progress = RouteProgress(routeIdentity: newRoute.identity, isNavigating: state == .navigating)
        legOrigin = nil
        legOriginPending = false
        beyondSince = nil
        approachBand = nil
        // Another route: the last one's arrival is no longer news.
        destinationSignal = nil
        isOffRoute = false
        lastProgressReport = nil
        var actions: [GuidanceAction] = [.saveProgress(progress),
                                         .report(.routeChanged(waypoint: 0, of: route.waypoints.count, keptProgress: false))]
        guard state == .navigating else { return actions }
        if let fix = lastFix, now - fix.receivedAt < parameters.fixTimeout {
            actions += checkArrival(now: now)
            guard state == .navigating else { return actions }
        }
        if beltDirection(now: now) != nil { return actions + announceAndSteer(now: now) }
        if let last = lastCommand, last.signal != nil {
            lastCommand = (last.direction, last.isMagneticBearing, nil, now)
            actions.append(.belt(.updateNavigation(direction: last.direction, isMagneticBearing: last.isMagneticBearing, signal: nil)))
        }
        return actions
    }

    // MARK: Rules

    private mutating func start(now: Duration) -> [GuidanceAction] {
        switch state {
        case .navigating: return ignored(.start, "the walk is already under way")
        case .paused: return resume(now: now)
        case .stopped: break
        }
        if progress.destinationReached {
            progress = RouteProgress(routeIdentity: route.identity)
        }
        state = .navigating
        fixLost = false
        isOffRoute = false
        beyondSince = nil
        approachBand = nil
        destinationSignal = nil
        navigatingSince = now
        lastProgressReport = nil
        var actions: [GuidanceAction] = [.saveProgress(progress),
                                         .report(.started(waypoint: progress.currentIndex, of: route.waypoints.count))]
        if let fix = lastFix, now - fix.receivedAt < parameters.fixTimeout {
            actions += checkArrival(now: now)
            guard state == .navigating else { return actions }
        }
        if let direction = beltDirection(now: now) {
            let signal = signalForCurrentLeg()
            lastCommand = (direction.value, direction.isMagnetic, signal, now)
            actions.append(.belt(.startNavigation(direction: direction.value, isMagneticBearing: direction.isMagnetic, signal: signal)))
        } else {
            // No fix yet: the belt enters navigation silently and points as soon as a fix arrives.
            lastCommand = nil
            actions.append(.belt(.startNavigation(direction: 0, isMagneticBearing: parameters.headingSource == .belt, signal: nil)))
        }
        return actions
    }

    private mutating func resume(now: Duration) -> [GuidanceAction] {
        state = .navigating
        navigatingSince = now
        var actions: [GuidanceAction] = [.saveProgress(progress), .report(.resumed)]
        let direction = beltDirection(now: now)
        let signal = direction == nil ? nil : signalForCurrentLeg()
        let value = direction?.value ?? lastCommand?.direction ?? 0
        let magnetic = direction?.isMagnetic ?? (parameters.headingSource == .belt)
        lastCommand = direction == nil ? nil : (value, magnetic, signal, now)
        actions.append(.belt(.startNavigation(direction: value, isMagneticBearing: magnetic, signal: signal)))
        return actions
    }

    private mutating func checkArrival(now: Duration) -> [GuidanceAction] {
        guard let fix = lastFix, let target = currentWaypoint else { return [] }
        let distance = keptGeodesic(from: fix.coordinate, to: target.coordinate).distance
        guard distance <= parameters.arrivalRadius else { return [] }
        var actions: [GuidanceAction] = [.report(.waypointReached(index: progress.currentIndex, name: target.name))]
        if progress.currentIndex + 1 >= route.waypoints.count {
            progress.destinationReached = true
            state = .stopped
            lastCommand = nil
            actions += [.saveProgress(progress), .belt(.notifyDestinationReached(shouldStopNavigation: true)),
                        .report(.destinationReached)]
            let interval = parameters.destinationSignalInterval
            destinationSignal = parameters.destinationRepeated && interval < parameters.destinationSignalDuration
                ? (now + interval, now + parameters.destinationSignalDuration) : nil
            return actions
        }
        progress.currentIndex += 1
        legOrigin = nil
        legOriginPending = false
        beyondSince = nil
        approachBand = nil
        actions.append(.saveProgress(progress))
        // The waypoint reached may be right beside the next one: check again before pointing.
        actions += checkArrival(now: now)
        guard state == .navigating else { return actions }
        return actions + announceAndSteer(now: now)
    }

    /// The target changed by command: the new leg starts at the wearer's next fix.
    private mutating func startLegHere() {
        legOrigin = nil
        legOriginPending = true
        beyondSince = nil
        approachBand = nil
        // Going back from the destination: the arrival no longer stands.
        destinationSignal = nil
    }

    /// Off-route detection on the leg from the previous waypoint (or from where a skip or step back
    /// was made) to the current one; none before the first waypoint, whose walk may start anywhere. While off route the belt keeps pointing
    /// at the current waypoint, which is the way back; the warning is given once per excursion.
    private mutating func checkRoute(_ fix: Fix, now: Duration) -> [GuidanceAction] {
        let index = progress.currentIndex
        if legOriginPending {
            legOriginPending = false
            legOrigin = fix.coordinate
            return []
        }
        guard route.waypoints.indices.contains(index),
              let origin = legOrigin ?? (index > 0 ? route.waypoints[index - 1].coordinate : nil) else {
            beyondSince = nil
            return []
        }
        let leg = legOrigin == nil
            ? RouteLegGeometry(from: origin, to: route.waypoints[index].coordinate, leg: routeLegs[index - 1])
            : RouteLegGeometry(from: origin, to: route.waypoints[index].coordinate)
        let distance = leg.distanceToLeg(of: fix.coordinate)
        guard distance.isFinite else { return [] }
        if isOffRoute {
            guard distance <= parameters.backOnRouteDistance else { return [] }
            isOffRoute = false
            beyondSince = nil
            return [.report(.backOnRoute(distance: distance))]
        }
        guard distance > parameters.offRouteDistance else {
            beyondSince = nil
            return []
        }
        let since = beyondSince ?? now
        beyondSince = since
        guard now - since >= parameters.offRouteDelay else { return [] }
        isOffRoute = true
        // The wearer feels it as the off-route signal, played by the state signals (StateSignals).
        return [.report(.offRoute(distance: distance, leg: index))]
    }

    /// A one-off pulse toward the new target, then the navigation signal follows it.
    private mutating func announceAndSteer(now: Duration) -> [GuidanceAction] {
        guard state == .navigating, let direction = beltDirection(now: now) else { return [] }
        return [.belt(.notifyDirection(direction: direction.value, isMagneticBearing: direction.isMagnetic))]
            + steer(now: now, force: true)
    }

    private mutating func steer(now: Duration, force: Bool) -> [GuidanceAction] {
        guard let direction = beltDirection(now: now) else { return [] }
        let signal = signalForCurrentLeg()
        if !force, let last = lastCommand, last.isMagneticBearing == direction.isMagnetic, last.signal == signal {
            let change = abs(Bearing.difference(from: Double(last.direction), to: Double(direction.value)))
            let due = now - last.at >= parameters.refreshInterval
            guard change > parameters.minimumDirectionChange || (due && change >= 1) else { return [] }
        }
        lastCommand = (direction.value, direction.isMagnetic, signal, now)
        return [.belt(.updateNavigation(direction: direction.value, isMagneticBearing: direction.isMagnetic, signal: signal))]
    }

    /// Every navigation signal `signalForCurrentLeg` can choose; docs/signals.md has a row for each.
    package static let navigationSignals: [BeltVibrationSignal] = [
        .navigation, .nextWaypointLongDistance, .nextWaypointMediumDistance, .nextWaypointShortDistance,
        .nextWaypointAreaReached, .turnOngoing, .approachingDestination,
    ]

    /// The navigation signal for where the wearer is on the leg (docs/signals.md): the last leg gets
    /// the "approaching destination" rhythm once the destination is near; an intermediate waypoint
    /// is approached through FSLib's distance-coded signals, and the turn signal where the route
    /// turns sharply there. The distance band moves nearer at once and farther only past the
    /// hysteresis, so a wearer standing on a threshold feels one rhythm.
    private mutating func signalForCurrentLeg() -> BeltVibrationSignal {
        guard let fix = lastFix, let target = currentWaypoint else { return .navigation }
        let distance = keptGeodesic(from: fix.coordinate, to: target.coordinate).distance
        guard distance.isFinite else { return .navigation }
        let isLast = progress.currentIndex == route.waypoints.count - 1
        let p = parameters
        let thresholds = isLast ? [3 * p.arrivalRadius] : [p.waypointLong, p.waypointMedium, p.waypointShort, p.waypointArea]
        let band = { (margin: Double) in thresholds.filter { distance <= $0 + margin }.count }
        let nearest = band(0)
        let held = min(approachBand ?? nearest, band(p.signalHysteresis))
        approachBand = max(nearest, held)
        let current = approachBand ?? 0
        if isLast { return current > 0 ? .approachingDestination : .navigation }
        guard p.waypointSignals else { return .navigation }
        switch current {
        case 1: return .nextWaypointLongDistance
        case 2: return .nextWaypointMediumDistance
        case 3: return .nextWaypointShortDistance
        case 4: return p.turnSignal && turnsSharply(at: progress.currentIndex) ? .turnOngoing : .nextWaypointAreaReached
        default: return .navigation
        }
    }

    /// Whether the route turns by at least `turnAngle` at waypoint `index`: the bearing of the leg
    /// leaving it against the bearing of the leg arriving (from the previous waypoint, or from where
    /// the leg began after a skip).
    func turnsSharply(at index: Int) -> Bool {
        let points = route.waypoints
        guard index > 0, index + 1 < points.count else { return false }
        let inbound = routeLegs[index - 1]
        let outbound = routeLegs[index]
        let turn = abs(Bearing.difference(from: inbound.finalAzimuth, to: outbound.initialAzimuth))
        return turn.isFinite && turn >= parameters.turnAngle
    }

    /// The direction to command: a magnetic bearing for the belt's compass, or an angle from the body front.
    /// nil without a fix younger than the fix timeout: pointing from a stale position could send the
    /// wearer the wrong way, so every path that steers goes silent instead.
    package func beltDirection(now: Duration) -> (value: Int, isMagnetic: Bool)? {
        guard let fix = lastFix, now - fix.receivedAt < parameters.fixTimeout, let target = currentWaypoint else { return nil }
        let trueBearing = geodesic(from: fix.coordinate, to: target.coordinate).initialAzimuth
        if parameters.headingSource == .external, let heading = lastHeading,
           now - heading.receivedAt < Self.headingTimeout {
            let trueHeading = Declination(degrees: declination).trueBearing(fromMagnetic: heading.magneticDegrees)
            return Self.wholeDegrees(trueBearing - trueHeading).map { ($0, false) }
        }
        let magnetic = Declination(degrees: declination).magneticBearing(fromTrue: trueBearing)
        return Self.wholeDegrees(magnetic).map { ($0, true) }
    }

    /// A bearing as whole degrees 0..<360; nil when it is not a number (a heading or a position that
    /// is not finite), so the belt goes silent rather than the conversion trapping.
    static func wholeDegrees(_ bearing: Double) -> Int? {
        let normalized = Bearing.normalized(bearing).rounded()
        guard normalized.isFinite else { return nil }
        return Int(normalized) % 360
    }

    /// Evaluates the World Magnetic Model at a fix when the last evaluation is over a kilometre or an
    /// hour away. A fix without a UTC date (a Pi has no real-time clock until the GPS sets one) keeps
    /// the model value in use, or else the configured fallback; a fix the model refuses (a date
    /// outside its validity, a pole) falls back. Each switch is reported once.
    private mutating func updateDeclination(for fix: Fix) -> [GuidanceAction] {
        guard parameters.declinationFromModel else { return [] }
        guard let utc = fix.utcSeconds, let year = DecimalYear.from(secondsSince1970: utc) else {
            return declinationBasis == nil ? fallBack(because: "the fix carries no date") : []
        }
        if let basis = declinationBasis, abs(utc - basis.utcSeconds) < Self.declinationRefreshInterval,
           Geodesic.wgs84.inverse(from: basis.coordinate, to: fix.coordinate).distance < Self.declinationRefreshDistance {
            return []
        }
        do {
            let model = try Declination.worldMagneticModel(at: fix.coordinate, altitude: fix.altitude, decimalYear: year)
            let report = declinationBasis == nil || abs(model.degrees - declination) >= 0.05
            declinationBasis = (fix.coordinate, utc)
            fallbackReported = false
            declination = model.degrees
            return report ? [.report(.declination(degrees: model.degrees, fromModel: true, fallbackReason: nil))] : []
        } catch {
            declinationBasis = nil
            return fallBack(because: "\(error)")
        }
    }

    private mutating func fallBack(because why: String) -> [GuidanceAction] {
        declination = parameters.declination
        guard !fallbackReported else { return [] }
        fallbackReported = true
        return [.report(.declination(degrees: declination, fromModel: false, fallbackReason: why))]
    }

    /// Why a command that needs a walk under way (or paused) does nothing, in the wearer's helper's
    /// words: the walk's state, what the command found (`then`), and the command that would help.
    private func notNavigating(then what: String) -> String {
        switch state {
        case .navigating: return "the walk is under way"
        case .paused: return "the walk is paused, \(what); resume carries on"
        case .stopped where progress.destinationReached: return "the walk has arrived, \(what); start walks the route again"
        case .stopped: return "the walk is stopped, \(what); start begins it"
        }
    }

    private func ignored(_ command: NavigationCommand, _ reason: String) -> [GuidanceAction] {
        [.report(.commandIgnored(command, reason: reason))]
    }

    // MARK: Geodesics kept

    static func legs(of route: Route) -> [GeodesicInverse] {
        zip(route.waypoints, route.waypoints.dropFirst()).map { Geodesic.wgs84.inverse(from: $0.coordinate, to: $1.coordinate) }
    }

    /// The geodesic `from` → `to`: the kept one when it joins the same points (bit for bit, so the
    /// result is the one the calculation gives), else worked out.
    private func geodesic(from: Coordinate, to: Coordinate) -> GeodesicInverse {
        if let kept = toTarget, Self.same(kept.from, from), Self.same(kept.to, to) { return kept.leg }
        return Geodesic.wgs84.inverse(from: from, to: to)
    }

    /// `geodesic(from:to:)`, kept for the next question about the same points.
    private mutating func keptGeodesic(from: Coordinate, to: Coordinate) -> GeodesicInverse {
        let leg = geodesic(from: from, to: to)
        toTarget = (from, to, leg)
        return leg
    }

    private static func same(_ a: Coordinate, _ b: Coordinate) -> Bool {
        a.latitude.bitPattern == b.latitude.bitPattern && a.longitude.bitPattern == b.longitude.bitPattern
    }
}
