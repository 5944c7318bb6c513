/// The FiftyThree Pencil.
package struct PencilStatus: Sendable, Equatable, Codable {
    /// The pairing manager's state as the FiftyThree SDK names it (`unpaired`, `connected`, …).
    package var state: String
    /// The battery as the SDK reports it, in bands (`high`, `medium-high`, `medium-low`, `low`,
    /// `critically-low`), not in percent (`FTPenManager.h`, `FTPenBatteryLevel`).
    package var battery: String?
    /// The charge the pen reported, percent, of which `battery` is the band.
    package var batteryPercent: Int?
    /// The pen's firmware revision (Device Information), once read.
    package var firmwareRevision: String?
    /// The newest firmware known to the package, when it is newer than the pen's: an update exists
    /// (installing it needs FiftyThree's Paper app on an iPad, not the Pi). Nil when there is none
    /// or the pen's version is not known.
    package var firmwareUpdate: String?
    /// The pen's hardware revision (Device Information), once read.
    package var hardwareRevision: String?

    package init(state: String, battery: String? = nil, firmwareRevision: String? = nil, firmwareUpdate: String? = nil,
                hardwareRevision: String? = nil) {
        self.state = state
        self.battery = battery
        self.firmwareRevision = firmwareRevision
        self.firmwareUpdate = firmwareUpdate
        self.hardwareRevision = hardwareRevision
    }
}
