/// FE09, read or notified: power status and battery (pybelt `_notify_belt_battery`,
/// FSLib-Android `BeltBatteryStatus.java`).
///
/// The fields keep the wire values, so a decoded status re-encodes to the same bytes; `percent` and
/// `seconds` give the units, and `levelPercent`, `power` and `timeSeconds` the values a person may be
/// shown: nil where the belt sent something no battery can mean.
package struct BeltBatteryStatus: Sendable, Hashable, CustomStringConvertible {
    /// Byte 0 as sent. A value outside FSLib-iOS `FSPowerStatus` (0–3) is kept so that it re-encodes,
    /// and reads as `.unknown` (FSLib-iOS drops such a packet; we keep its level, which may still hold).
    package var powerStatusRaw: UInt8
    /// Bytes 1–2: percent × 256.
    package var levelRaw: UInt16
    /// Bytes 3–4: seconds ÷ 5.625; time to empty on battery, time to full while charging.
    package var timeRaw: UInt16
    /// Bytes 5–6, int16 mA; negative while discharging.
    package var currentMilliamperes: Int16
    /// Bytes 7–8, uint16 mV.
    package var voltageMillivolts: UInt16

    package init(powerStatus: BeltPowerStatus, levelRaw: UInt16, timeRaw: UInt16,
                currentMilliamperes: Int16, voltageMillivolts: UInt16) {
        self.init(powerStatusRaw: powerStatus.rawValue, levelRaw: levelRaw, timeRaw: timeRaw,
                  currentMilliamperes: currentMilliamperes, voltageMillivolts: voltageMillivolts)
    }

    package init(powerStatusRaw: UInt8, levelRaw: UInt16, timeRaw: UInt16,
                currentMilliamperes: Int16, voltageMillivolts: UInt16) {
        self.powerStatusRaw = powerStatusRaw
        self.levelRaw = levelRaw
        self.timeRaw = timeRaw
        self.currentMilliamperes = currentMilliamperes
        self.voltageMillivolts = voltageMillivolts
    }

    /// From units (for the simulator); values are clamped to what the fields carry.
    package init(powerStatus: BeltPowerStatus, percent: Double, seconds: Double = 0,
                currentMilliamperes: Int = 0, voltageMillivolts: Int = 3900) {
        powerStatusRaw = powerStatus.rawValue
        levelRaw = UInt16(max(0, min(Double(UInt16.max), (percent * 256).rounded())))
        timeRaw = UInt16(max(0, min(Double(UInt16.max), (seconds / 5.625).rounded())))
        self.currentMilliamperes = Int16(clamping: currentMilliamperes)
        self.voltageMillivolts = UInt16(clamping: voltageMillivolts)
    }

    /// The power status; `.unknown` for a byte outside the enumeration.
    package var powerStatus: BeltPowerStatus {
        get { BeltPowerStatus(rawValue: powerStatusRaw) ?? .unknown }
        set { powerStatusRaw = newValue.rawValue }
    }

    /// Charge in percent. A full battery can report a little over 100 (raw 0x6480: 100.5); like pybelt, this
    /// clamps to 100.
    package var percent: Double { min(100, Double(levelRaw) / 256) }
    package var seconds: Double { Double(timeRaw) * 5.625 }

    /// The most a battery level may overshoot 100 % and still be read as full (a full belt reports
    /// 100.5 %, see `percent`); beyond it the level is not a charge.
    static let levelOvershoot = 101.0
    /// The longest time to empty or to full believed: what the field holds below its sign bit, about
    /// 51 hours (a belt runs "8+ hours" vibrating, FSLib-iOS docs/README.md, and longer idle). A value
    /// with the sign bit set is negative to a reader that takes the field as int16, and FSLib-iOS
    /// gives -1 (0xFFFF) for "unknown" (`FSBatteryStatus.batteryTteTtf`).
    package static let longestTime = Double(Int16.max) * 5.625

    /// The charge in whole percent, or nil when the level is beyond what a battery can report.
    package var levelPercent: Int? {
        let raw = Double(levelRaw) / 256
        guard raw <= Self.levelOvershoot else { return nil }
        return Int(min(100, raw).rounded())
    }

    /// The time to empty (on battery) or to full (charging) in seconds; nil when the power status
    /// gives it no meaning (unknown, external power) or the value is beyond belief.
    package var timeSeconds: Double? {
        guard powerStatus == .onBattery || powerStatus == .charging, timeRaw <= UInt16(Int16.max) else { return nil }
        return seconds
    }

    package var description: String {
        let power = BeltPowerStatus(rawValue: powerStatusRaw).map { "\($0)" } ?? "power status \(powerStatusRaw)"
        return "\(power), \(percent) %, \(Int(seconds)) s, \(currentMilliamperes) mA, \(voltageMillivolts) mV"
    }
}
