/// One key of a loaded configuration, as `ConfigurationChange` compares them: its key path, its value
/// written as in the TOML file, and whether a running appliance can take a new value without a restart.
package struct ConfigurationSetting: Sendable, Hashable {
    package enum Effect: Sendable, Hashable {
        /// A reload applies it to the running appliance.
        case live
        /// Only a restart applies it: the devices, inputs and files it names are opened at start.
        case restart
    }

    package var keyPath: String
    package var value: String
    package var effect: Effect

    package init(_ keyPath: String, _ value: String, _ effect: Effect) {
        self.keyPath = keyPath
        self.value = value
        self.effect = effect
    }
}
