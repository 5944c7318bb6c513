import BLE
import Belt
import Platform

/// The belt behind `GATTPeripheralHost`: the simulated belt on its own, serving centrals over any ATT
/// bearer (the rig runs it behind an L2CAP listening socket on a virtual controller, so BlueZ's tools
/// and our belt actor reach it through the kernel). Inside the simulated board, the world drives the
/// same `BeltPeripheral` instead.
package typealias BeltPeripheralHost = GATTPeripheralHost<BeltPeripheral>

extension BeltPeripheral: SimulatedGATTPeripheral {
    package static var deviceName: String { "belt" }
    package static var defaultAddress: String { "C4:7F:51:00:00:01" }
    /// How often a linked belt moves on when it serves a central on its own.
    static let hostTick: Duration = .milliseconds(100)

    package init() { self.init(belt: SimulatedBelt()) }

    package mutating func linkUp(at now: Duration) { connect(at: now) }

    /// A central that goes away without closing leaves the belt in wait mode, as a lost link does
    /// (FSLib-iOS docs/README.md).
    package mutating func linkDown(closedByCentral: Bool) {
        if closedByCentral { disconnect() } else { linkLost() }
    }

    package mutating func read(_ characteristic: BLEUUID, at now: Duration) -> [UInt8]? {
        BeltCharacteristic(uuid: characteristic).flatMap { read($0, at: now) }
    }

    package mutating func written(_ characteristic: BLEUUID, _ value: [UInt8], at now: Duration) -> [SimulatedPeripheralOutput] {
        guard let c = BeltCharacteristic(uuid: characteristic) else { return [] }
        return Self.outputs(write(c, value, at: now))
    }

    package mutating func subscriptionChanged(_ characteristic: BLEUUID, notify: Bool, at now: Duration) -> [SimulatedPeripheralOutput] {
        guard let c = BeltCharacteristic(uuid: characteristic) else { return [] }
        return Self.outputs(setNotifications(c, enabled: notify, at: now))
    }

    package mutating func refused(_ why: String, at now: Duration) { recordRefusedRequest(why, at: now) }

    package mutating func outputsDue(by now: Duration) -> [SimulatedPeripheralOutput] {
        Self.outputs(advanceOnOwnClock(to: now))
    }

    /// On a linked belt's own 100 ms grid, as a belt's firmware runs, not only when a notification is
    /// due (the simulated board's world wakes by `nextDue`).
    package func nextWake(after now: Duration) -> Duration? { now + Self.hostTick }

    package var protocolViolations: [String] { violations.map(\.description) }

    static func outputs(_ notifications: [BeltWrite]) -> [SimulatedPeripheralOutput] {
        notifications.map { .notify(BLEUUID($0.characteristic.uuid16), $0.bytes) }
    }
}

extension GATTPeripheralHost where Model == BeltPeripheral {
    /// A press on the belt's own buttons. A long press of the power button switches the belt off:
    /// it notifies standby, then closes the link (FSLib-iOS docs/README.md, "the Bluetooth connection
    /// is closed after a notification of the standby mode"), and a second one switches it on.
    package func press(_ button: BeltButton, _ type: BeltPressType) async {
        await update { belt, now in ((), BeltPeripheral.outputs(belt.press(button, type, at: now))) }
        if peripheral.mode == .standby { await dropLink() }
    }

    /// Whether the belt advertises: switched on and serving no central.
    package var advertises: Bool { peripheral.mode != .standby && !isConnected }

    /// Hears the belt as a scan would (`advertises`, looked at every 250 ms of `clock`'s time within
    /// the window); counts the windows it listened in.
    package nonisolated func listener(clock: SessionClock) -> some AdvertisementListener {
        BeltHostListener(host: self, clock: clock)
    }

    /// How many listening windows a listener of this host opened.
    package var listeningWindows: Int { listened }

    func countWindow() { listened += 1 }

    /// The belt plugged in or unplugged (FE09 at once).
    package func setPower(_ power: BeltPowerStatus) async {
        await update { belt, _ in ((), BeltPeripheral.outputs(belt.setPower(power))) }
    }

    /// The wearer sets the intensity on the belt's buttons (FE06 `01 02 i` at once).
    package func setIntensityOnButtons(_ intensity: Int) async {
        await update { belt, _ in ((), BeltPeripheral.outputs(belt.setIntensityOnButtons(intensity))) }
    }

    package var violations: [BeltPeripheral.Violation] { peripheral.violations }
    package var records: [SimulatedBelt.Record] { peripheral.belt.records }
    package var mode: BeltMode { peripheral.mode }
    /// The vibrations running now, by channel: empty is a silent belt.
    package var channels: [UInt8: SimulatedBelt.ActiveChannel] { peripheral.belt.channels }
    package var defaultIntensity: Int { peripheral.belt.defaultIntensity }
}
