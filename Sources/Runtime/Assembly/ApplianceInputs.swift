import BLE
import Gestures
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
    var gestures: AsyncStream<RecognizedGesture>
    /// How the belt actor reaches the belt: an L2CAP ATT channel, or the simulated belt's socketpair.
    var beltConnector: any GATTConnector
    /// The simulated board (nil on hardware).
    var board: SimulatedBoard?
    /// The hardware devices kept open for the run (empty on the simulated board).
    var feeds: [InputFeed] = []

    /// A stream for an input this board does not have: it ends at once, so its forwarder just stops.
    static func absent<T>(_: T.Type = T.self) -> AsyncStream<T> {
        AsyncStream { $0.finish() }
    }
}
