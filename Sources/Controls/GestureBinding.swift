import Gestures
import Vocabulary

/// One line of the `[gestures]` table: which gesture, on which sides, tuned how, does what.
package struct GestureBinding: Sendable, Hashable, CustomStringConvertible {
    package var gesture: RecognizedGesture
    /// Nil: every side the case senses.
    package var sides: Set<CaseSide>?
    /// Recognizer parameters by their recognizer name (`GestureParameter.name`).
    package var parameters: [String: Double]
    /// Only touches of these classes count (nil: all). Classes come from the Pencil's classifier and
    /// are all `unknown` while no pen is connected, so a restriction to `finger` needs the pen.
    package var touchClasses: Set<TouchClass>?
    package var command: NavigationCommand

    package init(_ gesture: RecognizedGesture, sides: Set<CaseSide>? = nil, parameters: [String: Double] = [:],
                touchClasses: Set<TouchClass>? = nil, command: NavigationCommand) {
        self.gesture = gesture
        self.sides = sides
        self.parameters = parameters
        self.touchClasses = touchClasses
        self.command = command
    }

    /// A continuous binding's travel per command, in strip units (the strip is 1 long): 0.1, ten
    /// steps along a whole strip, as many as the belt's intensity has between 5 % and 100 %.
    package static let defaultStep = 0.1
    /// Where a bound drag begins. Above a tap's and a long press's allowable movement (0.03), so
    /// a finger that wobbles while tapping is not a drag.
    static let defaultDragStart = 0.05

    /// The travel per step of a continuous binding.
    package var step: Double { parameters[GestureParameter.step.name] ?? Self.defaultStep }

    /// The sides its recognizer listens to: its own (or every sensed one) that the case senses.
    package func effectiveSides(sensed: Set<CaseSide>) -> Set<CaseSide> {
        (sides ?? sensed).intersection(sensed)
    }

    /// Every parameter the gesture takes, the ones left out at their defaults.
    package var effectiveParameters: [String: Double] {
        var all: [String: Double] = [:]
        for p in GestureParameter.allowed(for: gesture) { all[p.name] = parameters[p.name] ?? p.defaultValue }
        return all
    }

    package var description: String {
        let on = sides.map { " on " + $0.map(\.rawValue).sorted().joined(separator: "+") } ?? ""
        // Bindings that differ only by class would otherwise read as duplicates.
        let by = touchClasses.map { " by " + $0.map(\.rawValue).sorted().joined(separator: "+") } ?? ""
        return "\(gesture)\(on)\(by) → \(command)"
    }

    /// The recognizer for this binding and the state at which the gesture counts as made.
    func makeRecognizer(name: String, sides: Set<CaseSide>) -> GestureRecognizer? {
        var params = parameters.mapValues(JSONValue.number)
        let type: String
        switch gesture {
        case .tap: type = "tap"
        case .doubleTap:
            type = "tap"
            params["numberOfTapsRequired"] = .number(2)
        case .longPress: type = "long_press"
        case .swipe(let d):
            type = "swipe"
            params["directions"] = .array([.string(d.rawValue)])
        case .tapThenSwipe: type = "tap_swipe"
        case .pinch: type = "pinch"
        case .rotation: type = "rotation"
        case .pan:
            type = "pan"
            // A one-finger drag is not also a two-finger one: the count is exact, not a minimum.
            let touches = params["numberOfTouchesRequired"] ?? .number(1)
            params["minimumNumberOfTouches"] = touches
            params["maximumNumberOfTouches"] = touches
            if params["minimumTranslation"] == nil { params["minimumTranslation"] = .number(Self.defaultDragStart) }
        case .edgePan(let direction):
            type = "screen_edge_pan"
            params["edges"] = .array([.string(Self.startingEdge(direction).rawValue)])
            if params["minimumTranslation"] == nil { params["minimumTranslation"] = .number(Self.defaultDragStart) }
        }
        let recognizer = RecognizerFactory.make(type: type, name: name, sides: sides, params: .object(params))
        recognizer?.touchClasses = touchClasses
        // Nothing sits under the recognizers on the case: no consumer to hold touches back from.
        recognizer?.delaysTouchesEnded = false
        return recognizer
    }

    /// Whether a transition of this binding's recognizer is the gesture being made: discrete ones
    /// when recognized, a long press when it begins (the wearer feels the answer while still holding),
    /// pinch and rotation when they end, in the bound sense; tap-swipe in the bound direction.
    func isMade(by transition: GestureTransition) -> Bool {
        let values = transition.values
        switch gesture {
        case .tap, .doubleTap, .swipe:
            return transition.state == .recognized
        case .longPress:
            return transition.state == .began
        case .tapThenSwipe(let direction):
            guard transition.state == .recognized, let v = values.swipe else { return false }
            let made: RecognizedGesture.Direction = abs(v.x) >= abs(v.y) ? (v.x >= 0 ? .right : .left) : (v.y >= 0 ? .down : .up)
            return made == direction
        case .pinch(let closing):
            guard transition.state == .ended, let scale = values.scale, scale != 1 else { return false }
            return (scale < 1) == closing
        case .rotation(let clockwise):
            guard transition.state == .ended, let rotation = values.rotation, rotation != 0 else { return false }
            return (rotation > 0) == clockwise
        case .pan, .edgePan:
            // Made per step (`travel(in:)`, `TravelSteps`), not per transition.
            return false
        }
    }

    /// How far a continuous gesture has travelled in the bound direction (negative: the other way),
    /// from where its touch went down; nil for other gestures. y grows downward.
    func travel(in values: GestureValues) -> Double? {
        guard let t = values.translation else { return nil }
        let direction: RecognizedGesture.Direction
        switch gesture {
        case .pan(let d), .edgePan(let d): direction = d
        default: return nil
        }
        return switch direction {
        case .right: t.x
        case .left: -t.x
        case .down: t.y
        case .up: -t.y
        }
    }

    /// The edge a drag toward `direction` starts from: the opposite one.
    static func startingEdge(_ direction: RecognizedGesture.Direction) -> ScreenEdge {
        switch direction {
        case .right: .left
        case .left: .right
        case .down: .top
        case .up: .bottom
        }
    }
}
