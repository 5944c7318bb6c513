/// The adapter a scan or advertisement will use, and what must change before it can.
package struct AdapterChoice: Sendable, Hashable {
    package var index: UInt16
    package var information: ControllerInformation
    /// It is off and we were asked to power it.
    package var needsPowerOn: Bool
    /// LE is off and we were asked to switch it on.
    package var needsLowEnergy: Bool

    package init(index: UInt16, information: ControllerInformation, needsPowerOn: Bool = false, needsLowEnergy: Bool = false) {
        self.index = index
        self.information = information
        self.needsPowerOn = needsPowerOn
        self.needsLowEnergy = needsLowEnergy
    }

    /// "hciN", the kernel's name for index N.
    package var name: String { "hci\(index)" }
}
