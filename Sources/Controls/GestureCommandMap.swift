import Gestures
import Pencil
import Vocabulary

/// The configured gesture → command table of the gesture actor: touch gestures on the case (each
/// with its sides and parameters, `GestureBinding`) and clicks of the Pencil (`PenClickGesture`).
package struct GestureCommandMap: Sendable, Hashable {
    package var bindings: [GestureBinding]
    package var clicks: [PenClickGesture: NavigationCommand]
    package var handedness: Handedness
    /// A pen click held at least this long is a long click.
    package var longClick: Duration

    package static let defaultLongClick: Duration = .milliseconds(600)

    package init(_ bindings: [GestureBinding] = [], clicks: [PenClickGesture: NavigationCommand] = [:],
                handedness: Handedness = .right, longClick: Duration = Self.defaultLongClick) {
        self.bindings = bindings
        self.clicks = clicks
        self.handedness = handedness
        self.longClick = longClick
    }

    /// The simple form: each gesture on every side.
    package init(_ simple: [RecognizedGesture: NavigationCommand]) {
        self.init(simple.sorted { $0.key.configName < $1.key.configName }.map { GestureBinding($0.key, command: $0.value) })
    }

    /// The command of the first binding of `gesture` (whatever its sides); nil when unbound.
    package func command(for gesture: RecognizedGesture) -> NavigationCommand? {
        bindings.first { $0.gesture == gesture }?.command
    }

    /// The command a pen click stands for; nil when unbound.
    package func command(forClick penSwitch: PenSwitch, held: Duration) -> NavigationCommand? {
        clicks[PenClickGesture(penSwitch: penSwitch, isLong: held >= longClick)]
    }

    /// Defaults chosen so that no single accidental touch stops a walk: stop needs a long press.
    /// A tip click toggles pause, a long eraser press stops.
    package static let defaults = GestureCommandMap([
        GestureBinding(.doubleTap, command: .togglePause),
        GestureBinding(.longPress, command: .stop),
        GestureBinding(.swipe(.right), command: .nextWaypoint),
        GestureBinding(.swipe(.left), command: .previousWaypoint),
        GestureBinding(.tap, command: .announceDirection),
    ], clicks: [PenClickGesture(penSwitch: .tip, isLong: false): .togglePause,
                PenClickGesture(penSwitch: .eraser, isLong: true): .stop])
}
