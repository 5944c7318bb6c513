/// A controller's Supported_Settings or Current_Settings bit mask.
///
/// Bits from mgmt-api.txt, "Read Controller Information Command". Set Powered, Set Connectable and
/// Set Low Energy return the new Current_Settings; New Settings events carry them too.
package struct ControllerSettings: OptionSet, Sendable, Hashable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let powered = ControllerSettings(rawValue: 1 << 0)
    package static let connectable = ControllerSettings(rawValue: 1 << 1)
    package static let fastConnectable = ControllerSettings(rawValue: 1 << 2)
    package static let discoverable = ControllerSettings(rawValue: 1 << 3)
    package static let bondable = ControllerSettings(rawValue: 1 << 4)
    package static let linkLevelSecurity = ControllerSettings(rawValue: 1 << 5)
    package static let secureSimplePairing = ControllerSettings(rawValue: 1 << 6)
    package static let bredr = ControllerSettings(rawValue: 1 << 7)
    package static let highSpeed = ControllerSettings(rawValue: 1 << 8)
    package static let lowEnergy = ControllerSettings(rawValue: 1 << 9)
    package static let advertising = ControllerSettings(rawValue: 1 << 10)
    package static let secureConnections = ControllerSettings(rawValue: 1 << 11)
    package static let debugKeys = ControllerSettings(rawValue: 1 << 12)
    package static let privacy = ControllerSettings(rawValue: 1 << 13)
    package static let controllerConfiguration = ControllerSettings(rawValue: 1 << 14)
    package static let staticAddress = ControllerSettings(rawValue: 1 << 15)
    package static let phyConfiguration = ControllerSettings(rawValue: 1 << 16)
    package static let widebandSpeech = ControllerSettings(rawValue: 1 << 17)
}
