/// A click of one of the Pencil's switches as the `[gestures]` table names it: `pencil-tip`,
/// `pencil-tip-long`, `pencil-eraser`, `pencil-eraser-long`. A click is long when the switch was held
/// at least `GestureCommandMap.longClick`.
public struct PenClickGesture: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The switch, by the Pencil module's names ("tip", "eraser"); kept as a string so that the
    /// gesture map does not depend on the pen's protocol.
    public var penSwitch: String
    public var isLong: Bool

    public init(penSwitch: String, isLong: Bool) {
        self.penSwitch = penSwitch
        self.isLong = isLong
    }

    public static let allCases: [PenClickGesture] = ["tip", "eraser"].flatMap { s in
        [PenClickGesture(penSwitch: s, isLong: false), PenClickGesture(penSwitch: s, isLong: true)]
    }

    public var configName: String { "pencil-\(penSwitch)\(isLong ? "-long" : "")" }

    public init?(configName: String) {
        guard let found = Self.allCases.first(where: { $0.configName == configName }) else { return nil }
        self = found
    }

    public var description: String { configName }
}
