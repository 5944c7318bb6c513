import Vocabulary

/// The Pi's own supply, as its kernel reports it (`PiSupply`): what holds now, and what has happened
/// since the sticky bits were last cleared. The `rpi_volt` hwmon device knows only under-voltage, so
/// with it the other fields are absent.
package struct SupplyStatus: Sendable, Equatable, Codable {
    /// `get_throttled` (Raspberry Pi's kernel) or `rpi_volt` (Debian's).
    package var source: String
    package var underVoltage: Bool
    package var frequencyCapped: Bool?
    package var throttled: Bool?
    package var softTemperatureLimit: Bool?
    /// Has happened (`get_throttled`'s sticky bits 16–19): since boot, or within the last 2 s where
    /// the `rpi_volt` driver is loaded too, since it clears them at each of its polls.
    package var underVoltageOccurred: Bool?
    package var frequencyCappingOccurred: Bool?
    package var throttlingOccurred: Bool?
    package var softTemperatureLimitOccurred: Bool?

    package init(source: String, underVoltage: Bool, frequencyCapped: Bool? = nil, throttled: Bool? = nil,
                softTemperatureLimit: Bool? = nil, underVoltageOccurred: Bool? = nil, frequencyCappingOccurred: Bool? = nil,
                throttlingOccurred: Bool? = nil, softTemperatureLimitOccurred: Bool? = nil) {
        self.source = source
        self.underVoltage = underVoltage
        self.frequencyCapped = frequencyCapped
        self.throttled = throttled
        self.softTemperatureLimit = softTemperatureLimit
        self.underVoltageOccurred = underVoltageOccurred
        self.frequencyCappingOccurred = frequencyCappingOccurred
        self.throttlingOccurred = throttlingOccurred
        self.softTemperatureLimitOccurred = softTemperatureLimitOccurred
    }

    package init(_ supply: PiSupply) {
        let f = supply.flags
        switch supply.source {
        case .hwmon:
            self.init(source: supply.source.rawValue, underVoltage: f.contains(.underVoltage))
        case .firmware:
            self.init(source: supply.source.rawValue, underVoltage: f.contains(.underVoltage),
                      frequencyCapped: f.contains(.frequencyCapped), throttled: f.contains(.throttled),
                      softTemperatureLimit: f.contains(.softTemperatureLimit),
                      underVoltageOccurred: f.contains(.underVoltageOccurred),
                      frequencyCappingOccurred: f.contains(.frequencyCappingOccurred),
                      throttlingOccurred: f.contains(.throttlingOccurred),
                      softTemperatureLimitOccurred: f.contains(.softTemperatureLimitOccurred))
        }
    }

    /// What holds now, in words, for the page: empty when nothing does.
    package var nowInWords: [String] {
        [(underVoltage, "under-voltage"), (frequencyCapped == true, "ARM frequency capped"), (throttled == true, "throttled"),
         (softTemperatureLimit == true, "soft temperature limit")].filter(\.0).map(\.1)
    }

    /// What has happened (the sticky bits) but does not hold now, in words.
    package var earlierInWords: [String] {
        [(underVoltageOccurred == true && !underVoltage, "under-voltage"),
         (frequencyCappingOccurred == true && frequencyCapped != true, "ARM frequency capping"),
         (throttlingOccurred == true && throttled != true, "throttling"),
         (softTemperatureLimitOccurred == true && softTemperatureLimit != true, "soft temperature limit")].filter(\.0).map(\.1)
    }
}
