/// The bits of the Raspberry Pi firmware's `get_throttled` value, as Raspberry Pi's documentation
/// lists them for `vcgencmd get_throttled` (raspberrypi.com/documentation/computers/os.html,
/// "get_throttled"): the low bits say what holds now, bits 16–19 what has happened since the sticky
/// bits were last cleared (at boot, and every 2 s where the kernel's `rpi_volt` driver polls them,
/// drivers/hwmon/raspberrypi-hwmon.c).
package struct ThrottledFlags: OptionSet, Sendable, Hashable {
    package let rawValue: UInt32

    package init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Bit 0: the supply is below the firmware's under-voltage threshold now.
    package static let underVoltage = ThrottledFlags(rawValue: 1 << 0)
    /// Bit 1: the ARM's frequency is capped now.
    package static let frequencyCapped = ThrottledFlags(rawValue: 1 << 1)
    /// Bit 2: the firmware throttles the SoC now.
    package static let throttled = ThrottledFlags(rawValue: 1 << 2)
    /// Bit 3: the soft temperature limit is active now.
    package static let softTemperatureLimit = ThrottledFlags(rawValue: 1 << 3)
    /// Bits 16–19: each of the above has happened.
    package static let underVoltageOccurred = ThrottledFlags(rawValue: 1 << 16)
    package static let frequencyCappingOccurred = ThrottledFlags(rawValue: 1 << 17)
    package static let throttlingOccurred = ThrottledFlags(rawValue: 1 << 18)
    package static let softTemperatureLimitOccurred = ThrottledFlags(rawValue: 1 << 19)

    /// The conditions that hold now, in the documentation's order, in the words the log and the
    /// status page use.
    package var nowInWords: [String] {
        let named: [(ThrottledFlags, String)] = [(.underVoltage, "under-voltage"), (.frequencyCapped, "ARM frequency capped"),
                                                 (.throttled, "throttled"), (.softTemperatureLimit, "soft temperature limit")]
        return named.filter { contains($0.0) }.map(\.1)
    }

    /// The conditions that hold now, as a set of their own (the bits 0–3).
    package var now: ThrottledFlags { intersection([.underVoltage, .frequencyCapped, .throttled, .softTemperatureLimit]) }
}
