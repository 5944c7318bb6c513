import Pencil

/// A scripted hand on the simulated pen: what happens, when (session time from the script's start).
public struct PencilScript: Sendable, Hashable {
    public enum Action: Sendable, Hashable {
        case press(PenSwitch)
        case release(PenSwitch)
        /// The pen goes out of range for a moment: the link drops, the pen advertises again.
        case dropLink
        case battery(UInt8)
    }

    public struct Step: Sendable, Hashable {
        public var at: Duration
        public var action: Action
        public init(at: Duration, _ action: Action) {
            self.at = at
            self.action = action
        }
    }

    public var steps: [Step]

    public init(_ steps: [Step]) {
        self.steps = steps.sorted { $0.at < $1.at }
    }

    /// A click of `pen` at `at`, held for `held`.
    public static func click(_ pen: PenSwitch, at: Duration, held: Duration = .milliseconds(120)) -> [Step] {
        [Step(at: at, .press(pen)), Step(at: at + held, .release(pen))]
    }
}
