import BLE
import TouchCase

/// The Fuffr case behind `GATTPeripheralHost`, its 50 Hz touch reports paced by the session clock.
public typealias FuffrPeripheralHost = GATTPeripheralHost<FuffrPeripheral>

extension FuffrPeripheral: SimulatedGATTPeripheral {
    public static var deviceName: String { "touch case" }
    public static var defaultAddress: String { "F0:FF:00:00:00:01" }

    public init() { self.init(trace: FuffrTouchTrace()) }

    public mutating func linkUp(at now: Duration) { connect(at: now) }
    public mutating func linkDown(closedByCentral: Bool) { disconnect() }
    /// The case's table has nothing to read (`FuffrPeripheral.gattDatabase`).
    public mutating func read(_ characteristic: BLEUUID, at now: Duration) -> [UInt8]? { nil }

    public mutating func written(_ characteristic: BLEUUID, _ value: [UInt8], at now: Duration) -> [SimulatedPeripheralOutput] {
        write(characteristic, value)
        return []
    }

    public mutating func subscriptionChanged(_ characteristic: BLEUUID, notify: Bool, at now: Duration) -> [SimulatedPeripheralOutput] {
        setNotifications(characteristic, enabled: notify)
        return []
    }

    public mutating func refused(_ why: String, at now: Duration) {}

    public mutating func outputsDue(by now: Duration) -> [SimulatedPeripheralOutput] {
        advance(to: now).map { .notify($0.characteristic, $0.bytes) }
    }

    /// Every report interval while a finger is down, idle between strokes.
    public func nextWake(after now: Duration) -> Duration? { nextReportTime(after: now) }

    public var protocolViolations: [String] { violations }
}

extension GATTPeripheralHost where Model == FuffrPeripheral {
    /// Replaces the script (strokes are in session time).
    public func play(_ trace: FuffrTouchTrace) async {
        await update { fuffr, _ in
            fuffr.trace = trace
            return ((), [])
        }
    }

    public var operations: [String] { peripheral.operations }
    public var violations: [String] { peripheral.violations }
    public var command: TouchEnableCommand { peripheral.command }
}
