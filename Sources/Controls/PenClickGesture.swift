import Pencil

/// A click of one of the Pencil's switches as the `[gestures]` table names it: `pencil-tip`,
/// `pencil-tip-long`, `pencil-eraser`, `pencil-eraser-long`. A click is long when the switch was held
/// at least `GestureCommandMap.longClick`.
package struct PenClickGesture: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    package var penSwitch: PenSwitch
    package var isLong: Bool

    package init(penSwitch: PenSwitch, isLong: Bool) {
        self.penSwitch = penSwitch
        self.isLong = isLong
    }

    package static let allCases: [PenClickGesture] = PenSwitch.allCases.flatMap { s in
        [PenClickGesture(penSwitch: s, isLong: false), PenClickGesture(penSwitch: s, isLong: true)]
    }

    package var configName: String { "pencil-\(penSwitch.rawValue)\(isLong ? "-long" : "")" }

    package init?(configName: String) {
        guard let found = Self.allCases.first(where: { $0.configName == configName }) else { return nil }
        self = found
    }

    package var description: String { configName }
}
