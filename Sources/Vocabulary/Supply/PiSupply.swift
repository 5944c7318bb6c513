/// What the Pi's own kernel says about its supply: parsed from the text of one of the two places a
/// Raspberry Pi kernel shows it (Platform's `PiSupplyReader` finds and reads them). Pure: fed text.
package struct PiSupply: Sendable, Hashable {
    /// Where the reading came from.
    package enum Source: String, Sendable, Hashable, CaseIterable {
        /// Raspberry Pi's kernel: the firmware's whole `get_throttled` value in sysfs, printed as
        /// `"%x\n"` (raspberrypi/linux, drivers/firmware/raspberrypi.c, `get_throttled_show`); read
        /// only where `rpi_volt` is missing (`PiSupplyReader` says why).
        case firmware = "get_throttled"
        /// The mainline and Debian kernel's Raspberry Pi voltage sensor: the hwmon device named
        /// `rpi_volt`, whose `in0_lcrit_alarm` is the firmware's under-voltage sticky bit (16) as the
        /// driver last polled it, every 2 s, clearing the sticky bits each time
        /// (drivers/hwmon/raspberrypi-hwmon.c): under-voltage within the last poll, `"%ld\n"`, 0 or 1.
        case hwmon = "rpi_volt"
    }

    package var source: Source
    /// What the source reports. `rpi_volt` knows only under-voltage, which it reports as `underVoltage`
    /// (the driver's sticky bit covers its last 2 s, as near to "now" as it gets).
    package var flags: ThrottledFlags

    package init(source: Source, flags: ThrottledFlags) {
        self.source = source
        self.flags = flags
    }

    /// Something to warn about: the supply or the clocks are held back now.
    package var isTroubled: Bool { !flags.now.isEmpty }

    /// `get_throttled`'s text: hex digits (at most 8, the value is 32 bits), a `0x` prefix tolerated,
    /// surrounding spaces and the newline ignored. Anything else is nil: not a reading.
    package static func firmware(text: String) -> PiSupply? {
        var digits = Substring(text.trimmingASCIIWhitespace)
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { digits = digits.dropFirst(2) }
        guard (1...8).contains(digits.count), digits.allSatisfy(\.isASCIIHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        return PiSupply(source: .firmware, flags: ThrottledFlags(rawValue: value))
    }

    /// `rpi_volt`'s `in0_lcrit_alarm` text: `0` or `1` with its newline. Anything else is nil.
    package static func hwmonAlarm(text: String) -> PiSupply? {
        switch text.trimmingASCIIWhitespace {
        case "0": PiSupply(source: .hwmon, flags: [])
        case "1": PiSupply(source: .hwmon, flags: .underVoltage)
        default: nil
        }
    }
}

extension String {
    /// Without leading and trailing ASCII spaces, tabs and line ends (what sysfs files end with).
    fileprivate var trimmingASCIIWhitespace: String {
        // "\r\n" is one Character in Swift, so it is named on its own.
        let isSpace: (Character) -> Bool = { [" ", "\t", "\n", "\r", "\r\n"].contains($0) }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
