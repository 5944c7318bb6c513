import Pencil

/// A scripted hand on the simulated pen: what happens, when (session time from the script's start).
package struct PencilScript: Sendable, Hashable {
    package enum Action: Sendable, Hashable {
        case press(PenSwitch)
        case release(PenSwitch)
        /// The pen goes out of range for a moment: the link drops, the pen advertises again.
        case dropLink
        case battery(UInt8)
    }

    package struct Step: Sendable, Hashable {
        package var at: Duration
        package var action: Action
        package init(at: Duration, _ action: Action) {
            self.at = at
            self.action = action
        }
    }

    package var steps: [Step]

    package init(_ steps: [Step]) {
        self.steps = steps.sorted { $0.at < $1.at }
    }

    /// A click of `pen` at `at`, held for `held`.
    package static func click(_ pen: PenSwitch, at: Duration, held: Duration = .milliseconds(120)) -> [Step] {
        [Step(at: at, .press(pen)), Step(at: at + held, .release(pen))]
    }
}
