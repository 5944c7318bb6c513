/// FE09, read or notified: power status and battery (pybelt `_notify_belt_battery`,
/// FSLib-Android `BeltBatteryStatus.java`).
///
/// The fields keep the wire values, so a decoded status re-encodes to the same bytes; `percent` and
/// `seconds` give the units.
package struct BeltBatteryStatus: Sendable, Hashable, CustomStringConvertible {
    package var powerStatus: BeltPowerStatus
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
        self.powerStatus = powerStatus
        self.levelRaw = levelRaw
        self.timeRaw = timeRaw
        self.currentMilliamperes = currentMilliamperes
        self.voltageMillivolts = voltageMillivolts
    }

    /// From units (for the simulator); values are clamped to what the fields carry.
    package init(powerStatus: BeltPowerStatus, percent: Double, seconds: Double = 0,
                currentMilliamperes: Int = 0, voltageMillivolts: Int = 3900) {
        self.powerStatus = powerStatus
        levelRaw = UInt16(max(0, min(Double(UInt16.max), (percent * 256).rounded())))
        timeRaw = UInt16(max(0, min(Double(UInt16.max), (seconds / 5.625).rounded())))
        self.currentMilliamperes = Int16(clamping: currentMilliamperes)
        self.voltageMillivolts = UInt16(clamping: voltageMillivolts)
    }

    /// Charge in percent. A full battery can report a little over 100 (raw 0x6480: 100.5); like pybelt, this
    /// clamps to 100.
    package var percent: Double { min(100, Double(levelRaw) / 256) }
    package var seconds: Double { Double(timeRaw) * 5.625 }

    package var description: String {
        "\(powerStatus), \(percent) %, \(Int(seconds)) s, \(currentMilliamperes) mA, \(voltageMillivolts) mV"
    }
}
