/// A hardware board's configuration cannot work on any hardware: what was being set up, and what is
/// wrong with it, phrased for the person at the Pi (it is logged as "cannot start: …" and the process
/// exits 78, EX_CONFIG, which the systemd unit does not restart: these do not fix themselves). A device
/// that is missing or cannot be opened is not one of these: its feed waits for it (`DeviceWaits`).
package struct HardwareStartupError: Error, Sendable, CustomStringConvertible {
    package let device: String
    package let problem: String

    package init(device: String, problem: String) {
        self.device = device
        self.problem = problem
    }

    package var description: String { "\(device): \(problem)" }
}
