import BLE
import Pencil
import Platform
import Sensors
import Simulation

/// What the actors are fed, built either by `SimulatedInputs` or by `HardwareInputs`; everything
/// else in `Appliance` is the same on both boards.
struct ApplianceInputs: Sendable {
    var clock: SessionClock
    var fixes: AsyncStream<Fix>
    var headings: AsyncStream<Heading>
    var buttonEdges: AsyncStream<GPIOEdgeEvent>
    /// How the belt actor reaches the belt: an L2CAP ATT channel, or the simulated belt's socketpair.
    var beltConnector: any GATTConnector
    /// How the touch case actor reaches the Fuffr case (nil: no case on this board or it is disabled).
    var touchCaseConnector: (any GATTConnector)?
    /// How the pencil actor scans for and reaches pens (nil: no pencil).
    var penRadio: (any PenRadio)?
    /// This host's ID written into the pen (the SDK's central ID), and the pen paired with us.
    var pencilCentralID: UInt32 = PenCentralID.legacy
    var pairedPen: String?
    /// The simulated board (nil on hardware).
    var board: SimulatedBoard?
    /// The hardware devices kept open for the run (empty on the simulated board).
    var feeds: [InputFeed] = []
    /// The hardware devices not open yet, for the status line (nil on the simulated board).
    var waits: DeviceWaits?

    /// A stream for an input this board does not have: it ends at once, so its forwarder just stops.
    static func absent<T>(_: T.Type = T.self) -> AsyncStream<T> {
        AsyncStream { $0.finish() }
    }
}
