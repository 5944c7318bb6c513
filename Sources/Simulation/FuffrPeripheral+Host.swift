import BLE
import TouchCase

/// The Fuffr case behind `GATTPeripheralHost`, its 50 Hz touch reports paced by the session clock.
package typealias FuffrPeripheralHost = GATTPeripheralHost<FuffrPeripheral>

extension FuffrPeripheral: SimulatedGATTPeripheral {
    package static var deviceName: String { "touch case" }
    package static var defaultAddress: String { "F0:FF:00:00:00:01" }

    package init() { self.init(trace: FuffrTouchTrace()) }

    package mutating func linkUp(at now: Duration) { connect(at: now) }
    package mutating func linkDown(closedByCentral: Bool) { disconnect() }
    /// The case's table has nothing to read (`FuffrPeripheral.gattDatabase`).
    package mutating func read(_ characteristic: BLEUUID, at now: Duration) -> [UInt8]? { nil }

    package mutating func written(_ characteristic: BLEUUID, _ value: [UInt8], at now: Duration) -> [SimulatedPeripheralOutput] {
        write(characteristic, value)
        return []
    }

    package mutating func subscriptionChanged(_ characteristic: BLEUUID, notify: Bool, at now: Duration) -> [SimulatedPeripheralOutput] {
        setNotifications(characteristic, enabled: notify)
        return []
    }

    package mutating func refused(_ why: String, at now: Duration) {}

    package mutating func outputsDue(by now: Duration) -> [SimulatedPeripheralOutput] {
        advance(to: now).map { .notify($0.characteristic, $0.bytes) }
    }

    /// Every report interval while a finger is down, and once `decisionWindow` after a stroke ends;
    /// idle between strokes.
    package func nextWake(after now: Duration) -> Duration? {
        if let report = nextReportTime(after: now) { return report }
        // The host sleeps with a tight tolerance, which keeps a paced clock slow while it waits.
        guard let ended = trace.strokes.lazy.map(\.end).filter({ $0 <= now }).max() else { return nil }
        let settled = ended + Self.decisionWindow
        return settled > now ? settled : nil
    }

    /// How long after a stroke's last record the central still decides on it by time: its silence
    /// rule ends the touch 200 ms later (FuffrLib, FFRTrackingHandler.m), a swipe must end within
    /// 500 ms of its start and a double tap waits 300 ms for its second tap. A record carries no time,
    /// so the central stamps it on arrival; a paced clock that sped up as soon as the last record was
    /// sent would make a central still busy with the stroke see it as slower than it was.
    package static let decisionWindow: Duration = .milliseconds(500)

    package var protocolViolations: [String] { violations }
}

extension GATTPeripheralHost where Model == FuffrPeripheral {
    /// Replaces the script (strokes are in session time).
    package func play(_ trace: FuffrTouchTrace) async {
        await update { fuffr, _ in
            fuffr.trace = trace
            return ((), [])
        }
    }

    package var operations: [String] { peripheral.operations }
    package var violations: [String] { peripheral.violations }
    package var command: TouchEnableCommand { peripheral.command }
}
