import Belt
import Status

/// The belt actor's part of `wayfinder status`: what it knows of the belt at one moment.
package struct BeltStatusPart: Sendable, Hashable {
    package var connected: Bool
    /// The wearer switched the belt off (its power button) and it is not back yet.
    package var standby = false
    /// The last battery report, also while the belt is away.
    package var battery: BeltBatteryStatus?
    /// The belt's mode as the controller knows it.
    package var mode: String
    /// The default intensity in force, percent: configured, or as the wearer changed it since.
    package var intensity: Int?
    /// This connection's firmware; nil while not connected.
    package var firmware: BeltFirmwareInfo?
    /// This connection's compass accuracy signal; nil while not connected or not yet reported.
    package var compassAccuracySignal: CompassAccuracySignalState?

    /// The charge in whole percent, when the belt reported one a battery can have.
    package var batteryPercent: Int? { battery?.levelPercent }

    /// The `belt` object of `status --json` (docs/control.md), without the direction, which the
    /// navigation actor adds.
    package var status: BeltStatus {
        var s = BeltStatus(link: connected ? .connected : standby ? .standby : .connecting, batteryPercent: batteryPercent,
                           mode: connected ? mode : nil, intensityPercent: intensity)
        if let battery {
            s.power = battery.powerStatus.statusName
            switch battery.powerStatus {
            case .onBattery: s.timeToEmptySeconds = battery.timeSeconds
            case .charging: s.timeToFullSeconds = battery.timeSeconds
            case .external, .unknown: break
            }
        }
        s.firmwareRevision = firmware?.revision
        // The state that applies in app mode, where the appliance guides (bit 1 of the parameter).
        s.compassAccuracySignal = compassAccuracySignal.map { $0.contains(.inAppMode) }
        return s
    }
}
