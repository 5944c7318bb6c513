/// The appliance's answer on the control socket: one JSON object on one line.
package struct ControlResponse: Sendable, Equatable, Codable {
    package var version: Int
    package var ok: Bool
    /// Why the request was refused or failed.
    package var error: String?
    /// What a control did, in words for a person (`walking to waypoint 4 of 12, "Market"`).
    package var result: String?
    /// The control this answers.
    package var control: ControlCommand?
    /// The status (after the control, for a control).
    package var status: StatusReport?

    package init(status: StatusReport) {
        version = StatusReport.currentVersion
        ok = true
        self.status = status
    }

    package init(control: ControlCommand, result: String, status: StatusReport?) {
        version = StatusReport.currentVersion
        ok = true
        self.control = control
        self.result = result
        self.status = status
    }

    package init(error: String, control: ControlCommand? = nil) {
        version = StatusReport.currentVersion
        ok = false
        self.error = error
        self.control = control
    }

    package var line: String { StatusJSON.encode(self) }

    package init(line: some StringProtocol) throws(StatusJSONError) {
        self = try StatusJSON.decode(ControlResponse.self, from: line)
    }
}
