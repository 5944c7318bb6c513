/// Turns a drag's travel into whole steps, like the detents of a knob: one step each time the
/// travel passes the next multiple of `step` forward, none going back, and after going back a step,
/// one again going forward over it. So a drag to 0.35 and back to 0 with a step of 0.1 makes three
/// steps forward (and, for a binding of the opposite direction, three back): what the wearer feels
/// follows the finger, and jitter smaller than a step never repeats a command. Pure.
package struct TravelSteps: Sendable, Hashable {
    package let step: Double
    /// The detent reached: travel / step, rounded toward where the drag came from.
    package private(set) var detent = 0

    /// A detent is reached at its multiple of `step` give or take this much, so 0.3 is three steps
    /// of 0.1 although 0.3 / 0.1 is 2.999… in binary floating point.
    static let slack = 1e-9
    /// No more steps than this from one movement: a command per step must stay a handful.
    static let maximumPerMovement = 100

    package init(step: Double) {
        self.step = step
    }

    /// The steps made forward by reaching `travel`; a travel that is not a number makes none.
    package mutating func travel(to travel: Double) -> Int {
        guard step > 0, travel.isFinite else { return 0 }
        let position = travel / step
        guard position.isFinite, abs(position) < 1e9 else { return 0 }
        let forward = Int((position + Self.slack).rounded(.down))
        let back = Int((position - Self.slack).rounded(.up))
        if forward > detent {
            let made = forward - detent
            detent = forward
            return min(made, Self.maximumPerMovement)
        }
        if back < detent { detent = back }
        return 0
    }
}
