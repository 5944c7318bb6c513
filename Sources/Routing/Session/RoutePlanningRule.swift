import Navigation
import Vocabulary

/// When the appliance plans a route, and what it does with the answer: pure, fed the walk's events
/// and time, returning what to plan and what to follow (docs/routing.md).
///
/// - A walk to a destination plans its route when it starts, from the first fix.
/// - Off the route (guidance's off-route event, after `[navigation] off_route_after_s`), it plans again
///   from where the walker is: to the destination, or for a GPX route back to its next waypoint and on
///   along the rest of it. Re-plans are bounded by a `ReplanGate`; one refused is said, with when the
///   next may come.
/// - A new destination plans at once (or at the first fix).
/// - An answer to a request that has been overtaken (another destination asked for meanwhile) is
///   dropped.
package struct RoutePlanningRule: Sendable {
    package enum Action: Sendable, Equatable {
        case plan(RoutePlanRequest)
        /// Follow this route, planned for the request.
        case follow(Route, PlannedRoute, RoutePlanRequest)
        /// No route: guidance keeps the route it has (straight at the destination, or the GPX route).
        case failed(RoutePlanRequest, RoutePlanError)
        /// A re-plan that the gate holds back, and when the next may be.
        case replanDeferred(until: Duration)
    }

    package private(set) var destination: (name: String, coordinate: Coordinate)?
    package private(set) var gate: ReplanGate
    /// A plan to make at the next fix (none was fresh when it was asked for).
    package private(set) var wanted: RoutePlanRequest.Purpose?
    package private(set) var pending: RoutePlanRequest?
    /// A re-plan the gate held back while the walker is still off the route: made at the first fix
    /// once the interval allows, if the walker has not found the route again meanwhile.
    package private(set) var replanHeldBack = false
    private var lastFix: Coordinate?
    private var nextID = 1
    /// Farther than this from the route's start, the walker is led to it first.
    static let awayFromWay = 10.0

    package init(destination: (name: String, coordinate: Coordinate)?, replanInterval: Duration) {
        self.destination = destination
        gate = ReplanGate(interval: replanInterval)
    }

    /// The walk starts (or resumes after a stop) with a fix at `position`, or none yet.
    package mutating func walkStarted(at position: Coordinate?, now: Duration) -> [Action] {
        guard destination != nil else { return [] }
        wanted = .walkStart
        if let position { lastFix = position }
        return planIfWanted(now: now)
    }

    /// A fresh fix while walking.
    package mutating func fix(_ position: Coordinate, now: Duration) -> [Action] {
        lastFix = position
        return planIfWanted(now: now)
    }

    /// The walk stopped or ended: nothing is planned for it any more.
    package mutating func walkEnded() {
        wanted = nil
    }

    /// Guidance says the walker is off the route. `target` is the GPX route's next waypoint and `rest`
    /// the waypoints after it, used when there is no destination.
    package mutating func offRoute(at position: Coordinate, target: Waypoint?, rest: [Waypoint], now: Duration) -> [Action] {
        lastFix = position
        guard destination != nil || target != nil else { return [] }
        guard gate.allows(now: now) else {
            replanHeldBack = !gate.inFlight
            return gate.nextAllowed(now: now).map { [.replanDeferred(until: $0)] } ?? []
        }
        replanHeldBack = false
        gate.begin(now: now)
        let request: RoutePlanRequest
        if let destination {
            request = next(.offRoute, from: position, to: destination.coordinate, name: destination.name)
        } else if let target {
            request = next(.offRoute, from: position, to: target.coordinate, name: nil, rejoin: [target] + rest)
        } else {
            return []
        }
        pending = request
        return [.plan(request)]
    }

    /// A fix while guidance still has the walker off the route: the re-plan held back is made once
    /// the interval allows.
    package mutating func stillOffRoute(at position: Coordinate, target: Waypoint?, rest: [Waypoint], now: Duration) -> [Action] {
        guard replanHeldBack, gate.allows(now: now) else { return [] }
        return offRoute(at: position, target: target, rest: rest, now: now)
    }

    /// Back on the route (or on another one): a re-plan held back is no longer wanted.
    package mutating func backOnRoute() {
        replanHeldBack = false
    }

    /// Another destination. While walking it is planned from the last fix if there is one, else at
    /// the next; stopped, when the walk starts.
    package mutating func destinationChanged(to name: String, at coordinate: Coordinate, walking: Bool, now: Duration) -> [Action] {
        destination = (name, coordinate)
        replanHeldBack = false
        // The answer to a plan for the old destination will be dropped when it comes.
        pending = nil
        gate.finish()
        guard walking else {
            wanted = nil
            return []
        }
        wanted = .newDestination
        return planIfWanted(now: now)
    }

    /// The router's answer.
    package mutating func planned(_ result: Result<PlannedRoute, RoutePlanError>, for id: Int, now: Duration) -> [Action] {
        guard let request = pending, request.id == id else { return [] }
        pending = nil
        gate.finish()
        switch result {
        case .success(let plan):
            var waypoints = plan.waypoints
            // Routino starts on the nearest way; a walker away from it (a square, a park, lost) is
            // first led there, on a leg of its own, so guidance measures the way back from here.
            if plan.startOffsetMetres > Self.awayFromWay {
                let way = plan.instructions.first?.way
                waypoints.insert(Waypoint(name: "from here to " + RouteInstruction.wayPhrase(way), coordinate: request.from), at: 0)
            }
            if !request.rejoin.isEmpty {
                // The way back ends at the route's next waypoint, which the rest then starts with.
                waypoints.removeLast()
                waypoints += request.rejoin
            }
            let name = request.destinationName.map { "to \($0)" } ?? "back to the route"
            return [.follow(Route(name: name, kind: .route, waypoints: waypoints), plan, request)] + planIfWanted(now: now)
        case .failure(let error):
            return [.failed(request, error)] + planIfWanted(now: now)
        }
    }

    private mutating func planIfWanted(now: Duration) -> [Action] {
        guard let purpose = wanted, let from = lastFix, let destination, pending == nil else { return [] }
        wanted = nil
        gate.beginFirst()
        let request = next(purpose, from: from, to: destination.coordinate, name: destination.name)
        pending = request
        return [.plan(request)]
    }

    private mutating func next(_ purpose: RoutePlanRequest.Purpose, from: Coordinate, to: Coordinate, name: String?,
                               rejoin: [Waypoint] = []) -> RoutePlanRequest {
        defer { nextID &+= 1 }
        return RoutePlanRequest(id: nextID, purpose: purpose, from: from, to: to, destinationName: name, rejoin: rejoin)
    }
}
