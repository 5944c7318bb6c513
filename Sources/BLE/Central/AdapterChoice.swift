/// The adapter a scan or advertisement will use, and what must change before it can.
public struct AdapterChoice: Sendable, Hashable {
    public var index: UInt16
    public var information: ControllerInformation
    /// It is off and we were asked to power it.
    public var needsPowerOn: Bool
    /// LE is off and we were asked to switch it on.
    public var needsLowEnergy: Bool

    public init(index: UInt16, information: ControllerInformation, needsPowerOn: Bool = false, needsLowEnergy: Bool = false) {
        self.index = index
        self.information = information
        self.needsPowerOn = needsPowerOn
        self.needsLowEnergy = needsLowEnergy
    }

    /// "hciN", the kernel's name for index N.
    public var name: String { "hci\(index)" }
}
