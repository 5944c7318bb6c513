import BLE
import Pencil
import Platform

/// The Pencil behind `GATTPeripheralHost`: advertising as the pen does while no central holds it (the
/// last written central ID, big-endian), and driven by a script.
package typealias PencilPeripheralHost = GATTPeripheralHost<PencilPeripheral>

extension PencilPeripheral: SimulatedGATTPeripheral {
    package static var deviceName: String { "pencil" }
    package static var defaultAddress: String { "F5:3C:00:00:00:01" }

    package mutating func linkUp(at now: Duration) { connect(at: now) }
    package mutating func linkDown(closedByCentral: Bool) { disconnect() }

    package mutating func read(_ characteristic: BLEUUID, at now: Duration) -> [UInt8]? {
        PenCharacteristic(uuid: characteristic).flatMap { read($0) }
    }

    package mutating func written(_ characteristic: BLEUUID, _ value: [UInt8], at now: Duration) -> [SimulatedPeripheralOutput] {
        guard let c = PenCharacteristic(uuid: characteristic) else { return [] }
        return Self.outputs(write(c, value, at: now))
    }

    package mutating func subscriptionChanged(_ characteristic: BLEUUID, notify: Bool, at now: Duration) -> [SimulatedPeripheralOutput] {
        guard let c = PenCharacteristic(uuid: characteristic) else { return [] }
        return Self.outputs(setNotifications(c, enabled: notify, at: now))
    }

    package mutating func refused(_ why: String, at now: Duration) {}

    package mutating func outputsDue(by now: Duration) -> [SimulatedPeripheralOutput] {
        Self.outputs(advance(to: now))
    }

    /// Only the repeated battery level is timed.
    package func nextWake(after now: Duration) -> Duration? { nextTimedOutput }

    package var protocolViolations: [String] { violations.map(\.reason) }

    static func outputs(_ outputs: [Output]) -> [SimulatedPeripheralOutput] {
        outputs.map {
            switch $0 {
            case .notify(let c, let bytes): .notify(c.uuid, bytes)
            case .dropLink: .dropLink
            }
        }
    }
}

extension GATTPeripheralHost where Model == PencilPeripheral {
    /// The advertisement a scanner would report now; nil while connected or powered off.
    package var advertisement: PenAdvertisement? {
        guard peripheral.isAdvertising else { return nil }
        var data = peripheral.advertising
        data.localName = PencilPeripheral.name
        return PenAdvertisement(peripheral: address, data: data)
    }

    /// The pen in the hand.
    package func press(_ pen: PenSwitch, down: Bool) async {
        await update { pencil, _ in ((), PencilPeripheral.outputs(pencil.press(pen, down: down))) }
    }

    /// The pen's charge changes; a subscribed central hears it at once.
    package func setBattery(_ percent: UInt8) async {
        await update { pencil, _ in ((), PencilPeripheral.outputs(pencil.setBattery(percent))) }
    }

    /// Changes the simulated pen (a v55 one: 1-byte advertisement, firmware 55 running).
    package func configure(_ change: @Sendable (inout PencilPeripheral) -> Void) async {
        await update { pencil, _ in
            change(&pencil)
            return ((), [])
        }
    }

    /// Plays a script from now; returns when its last step ran.
    package func play(_ script: PencilScript) async {
        let start = clock.elapsed
        for step in script.steps {
            try? await clock.sleep(until: SessionInstant(offset: start + step.at))
            switch step.action {
            case .press(let pen): await press(pen, down: true)
            case .release(let pen): await press(pen, down: false)
            case .dropLink: await dropLink()
            case .battery(let percent): await setBattery(percent)
            }
        }
    }
}
