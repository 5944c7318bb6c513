/// A controller's Supported_Settings or Current_Settings bit mask.
///
/// Bits from mgmt-api.txt, "Read Controller Information Command". Set Powered, Set Connectable and
/// Set Low Energy return the new Current_Settings; New Settings events carry them too.
public struct ControllerSettings: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let powered = ControllerSettings(rawValue: 1 << 0)
    public static let connectable = ControllerSettings(rawValue: 1 << 1)
    public static let fastConnectable = ControllerSettings(rawValue: 1 << 2)
    public static let discoverable = ControllerSettings(rawValue: 1 << 3)
    public static let bondable = ControllerSettings(rawValue: 1 << 4)
    public static let linkLevelSecurity = ControllerSettings(rawValue: 1 << 5)
    public static let secureSimplePairing = ControllerSettings(rawValue: 1 << 6)
    public static let bredr = ControllerSettings(rawValue: 1 << 7)
    public static let highSpeed = ControllerSettings(rawValue: 1 << 8)
    public static let lowEnergy = ControllerSettings(rawValue: 1 << 9)
    public static let advertising = ControllerSettings(rawValue: 1 << 10)
    public static let secureConnections = ControllerSettings(rawValue: 1 << 11)
    public static let debugKeys = ControllerSettings(rawValue: 1 << 12)
    public static let privacy = ControllerSettings(rawValue: 1 << 13)
    public static let controllerConfiguration = ControllerSettings(rawValue: 1 << 14)
    public static let staticAddress = ControllerSettings(rawValue: 1 << 15)
    public static let phyConfiguration = ControllerSettings(rawValue: 1 << 16)
    public static let widebandSpeech = ControllerSettings(rawValue: 1 << 17)
}
