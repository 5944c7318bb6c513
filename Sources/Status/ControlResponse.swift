/// The appliance's answer on the control socket: one JSON object on one line.
public struct ControlResponse: Sendable, Equatable, Codable {
    public var version: Int
    public var ok: Bool
    /// Why the request was refused or failed.
    public var error: String?
    /// What a control did, in words for a person (`walking to waypoint 4 of 12, "Market"`).
    public var result: String?
    /// The control this answers.
    public var control: ControlCommand?
    /// The status (after the control, for a control).
    public var status: StatusReport?

    public init(status: StatusReport) {
        version = StatusReport.currentVersion
        ok = true
        self.status = status
    }

    public init(control: ControlCommand, result: String, status: StatusReport?) {
        version = StatusReport.currentVersion
        ok = true
        self.control = control
        self.result = result
        self.status = status
    }

    public init(error: String, control: ControlCommand? = nil) {
        version = StatusReport.currentVersion
        ok = false
        self.error = error
        self.control = control
    }

    public var line: String { StatusJSON.encode(self) }

    public init(line: some StringProtocol) throws(StatusJSONError) {
        self = try StatusJSON.decode(ControlResponse.self, from: line)
    }
}
