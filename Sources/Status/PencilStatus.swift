/// The FiftyThree Pencil.
public struct PencilStatus: Sendable, Equatable, Codable {
    /// The pairing manager's state as the FiftyThree SDK names it (`unpaired`, `connected`, …).
    public var state: String
    /// The battery as the SDK reports it, in bands (`high`, `medium-high`, `medium-low`, `low`,
    /// `critically-low`), not in percent (`FTPenManager.h`, `FTPenBatteryLevel`).
    public var battery: String?
    /// The pen's firmware revision (Device Information), once read.
    public var firmwareRevision: String?

    public init(state: String, battery: String? = nil, firmwareRevision: String? = nil) {
        self.state = state
        self.battery = battery
        self.firmwareRevision = firmwareRevision
    }
}
