import Pencil

/// A click of one of the Pencil's switches as the `[gestures]` table names it: `pencil-tip`,
/// `pencil-tip-long`, `pencil-eraser`, `pencil-eraser-long`. A click is long when the switch was held
/// at least `GestureCommandMap.longClick`.
public struct PenClickGesture: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    public var penSwitch: PenSwitch
    public var isLong: Bool

    public init(penSwitch: PenSwitch, isLong: Bool) {
        self.penSwitch = penSwitch
        self.isLong = isLong
    }

    public static let allCases: [PenClickGesture] = PenSwitch.allCases.flatMap { s in
        [PenClickGesture(penSwitch: s, isLong: false), PenClickGesture(penSwitch: s, isLong: true)]
    }

    public var configName: String { "pencil-\(penSwitch.rawValue)\(isLong ? "-long" : "")" }

    public init?(configName: String) {
        guard let found = Self.allCases.first(where: { $0.configName == configName }) else { return nil }
        self = found
    }

    public var description: String { configName }
}
