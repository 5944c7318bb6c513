/// The FiftyThree Pencil.
public struct PencilStatus: Sendable, Equatable, Codable {
    /// The pairing manager's state as the FiftyThree SDK names it (`unpaired`, `connected`, …).
    public var state: String
    public var batteryPercent: Int?

    public init(state: String, batteryPercent: Int? = nil) {
        self.state = state
        self.batteryPercent = batteryPercent
    }
}
