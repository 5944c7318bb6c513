/// FuffrLib's observer model, in process (FuffrLib's `FFRTouchManager.m`; its API page, "Registering
/// touch observers", "Using blocks for touch events"): handlers for began, moved or ended touches on a
/// set of sides, each registration with a positive id; remove one, or remove all.
///
/// A delivery's touches are filtered by the registration's sides and the handler is called only
/// when some remain, in registration order. FuffrLib's `removeTouchObserver:` never removed
/// anything (`FFRTouchManager.m`); here removing by id works for observers and blocks alike.
package struct TouchObserverRegistry: Sendable {
    package typealias Handler = @Sendable ([TouchEvent]) -> Void

    private struct Registration: Sendable {
        var id: Int
        var kind: TouchDelivery.Kind
        var sides: CaseSides
        var handler: Handler
    }

    private var registrations: [Registration] = []
    private var lastID = 0

    package init() {}

    /// How many handlers are registered (an observer counts once per phase it handles).
    package var count: Int { registrations.count }

    /// A block for one kind of delivery (`addTouchBeganBlock:sides:` and its siblings); returns its id.
    @discardableResult
    package mutating func add(_ kind: TouchDelivery.Kind, sides: CaseSides, _ handler: @escaping Handler) -> Int {
        lastID += 1
        registrations.append(Registration(id: lastID, kind: kind, sides: sides, handler: handler))
        return lastID
    }

    /// An observer with handlers for each phase it cares about (`addTouchObserver:touchBegan:touchMoved:touchEnded:sides:`);
    /// one id removes all of them.
    @discardableResult
    package mutating func addObserver(sides: CaseSides, began: Handler? = nil, moved: Handler? = nil,
                                     ended: Handler? = nil) -> Int {
        lastID += 1
        for (kind, handler) in [(TouchDelivery.Kind.began, began), (.moved, moved), (.ended, ended)] {
            if let handler { registrations.append(Registration(id: lastID, kind: kind, sides: sides, handler: handler)) }
        }
        return lastID
    }

    /// Removes the block or observer with this id; false when there was none.
    @discardableResult
    package mutating func remove(_ id: Int) -> Bool {
        let before = registrations.count
        registrations.removeAll { $0.id == id }
        return registrations.count != before
    }

    /// `removeAllTouchObserversAndTouchBlocks`.
    package mutating func removeAll() {
        registrations.removeAll()
    }

    /// Calls every matching handler; returns how many were called.
    @discardableResult
    package func deliver(_ delivery: TouchDelivery) -> Int {
        var calls = 0
        for registration in registrations where registration.kind == delivery.kind {
            let touches = delivery.touches.filter { registration.sides.contains($0.side) }
            guard !touches.isEmpty else { continue }
            registration.handler(touches)
            calls += 1
        }
        return calls
    }
}
