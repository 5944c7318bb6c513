import BLE

/// A simulated device's side of the GATT link, as `GATTPeripheralHost` serves it: a pure model fed
/// the central's requests and the time, returning what the device sends. The belt, the Fuffr case and
/// the Pencil implement it; the host owns the socket, the link's generations and the timer.
package protocol SimulatedGATTPeripheral: Sendable {
    /// The attribute table the host's GATT server answers discovery from.
    static var gattDatabase: GATTDatabase { get }
    /// "belt", "touch case", "pencil": how log lines name the simulator.
    static var deviceName: String { get }
    /// The address the simulated device stands for where nothing else gives it one (a rig's
    /// virtual controller gives the belt and the case theirs).
    static var defaultAddress: String { get }

    init()

    /// A central connected.
    mutating func linkUp(at now: Duration)
    /// The link ended: `closedByCentral` when the central closed it; false when it was lost or the
    /// device dropped it.
    mutating func linkDown(closedByCentral: Bool)
    mutating func read(_ characteristic: BLEUUID, at now: Duration) -> [UInt8]?
    mutating func written(_ characteristic: BLEUUID, _ value: [UInt8], at now: Duration) -> [SimulatedPeripheralOutput]
    mutating func subscriptionChanged(_ characteristic: BLEUUID, notify: Bool, at now: Duration) -> [SimulatedPeripheralOutput]
    /// The server refused a request the central made; a device that counts it as the central's
    /// protocol violation records it.
    mutating func refused(_ why: String, at now: Duration)
    /// Time passes: what falls due by `now`.
    mutating func outputsDue(by now: Duration) -> [SimulatedPeripheralOutput]
    /// When `outputsDue` next has something while linked; nil while nothing is scheduled (the host
    /// then sleeps until a request or `GATTPeripheralHost.update` wakes it).
    func nextWake(after now: Duration) -> Duration?
    /// Every protocol violation seen so far, worded for a log line; the host logs each new one.
    var protocolViolations: [String] { get }
}

/// What a simulated device does on its link.
package enum SimulatedPeripheralOutput: Sendable, Hashable {
    case notify(BLEUUID, [UInt8])
    /// The device ends the link (the pen after ShouldPowerOff, a belt going out of range).
    case dropLink
}
