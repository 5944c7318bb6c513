import BLE
import Pencil
import Platform
import Sensors

/// What the actors are fed, built by the board: `HardwareInputs` on a Pi, `SimulatedInputs` (in
/// Simulation) on the simulated board. Everything else in `Appliance` is the same on both boards, and
/// Runtime knows no board but through this.
package struct ApplianceInputs: Sendable {
    package var clock: SessionClock
    /// The clock of the belt link's own timeouts; nil: `clock`. An accelerated simulated board keeps
    /// the link on real time, as its socketpair answers in real time.
    package var linkClock: SessionClock?
    package var fixes: AsyncStream<Fix>
    package var headings: AsyncStream<Heading>
    package var buttonEdges: AsyncStream<GPIOEdgeEvent>
    /// How the belt actor reaches the belt: an L2CAP ATT channel, or the simulated belt's socketpair.
    package var beltConnector: any GATTConnector
    /// How the belt's link hears the belt advertise after the wearer switched it off (a scan; the
    /// simulated belt's state); nil: it stays down until the appliance restarts.
    package var beltListener: (any AdvertisementListener)?
    /// How the touch case actor reaches the Fuffr case (nil: no case on this board or it is disabled).
    package var touchCaseConnector: (any GATTConnector)?
    /// How the pencil actor scans for and reaches pens (nil: no pencil).
    package var penRadio: (any PenRadio)?
    /// This host's ID written into the pen (the SDK's central ID), and the pen paired with us.
    package var pencilCentralID: UInt32 = PenCentralID.legacy
    package var pairedPen: String?
    /// The board's own work for the whole run (the simulated world), if it has any.
    package var boardRun: (@Sendable () async throws -> Void)?
    /// Actor names whose run loop should fail once (the simulation script's `fail_actor`).
    package var injectedFailures: AsyncStream<String>?
    /// Whether the compass is read (nil: no compass): the navigation actor keeps it in step with
    /// `heading_source` across reloads.
    package var headingDemand: HeadingDemand?
    /// Whether the GPS is read at every epoch (nil: a GPS that is not polled): the navigation actor
    /// wants fixes while a walk is under way.
    package var fixDemand: FixDemand?
    /// Reads the Pi's own supply (a Pi's sysfs through `PiSupplyReader`, the simulated board's
    /// firmware); nil: not watched.
    package var piSupply: (@Sendable () async -> PiSupplyReader.Reading)?
    /// The hardware devices kept open for the run (empty on the simulated board).
    var feeds: [InputFeed] = []
    /// The hardware devices not open yet, for the status line (nil on the simulated board).
    var waits: DeviceWaits?

    package init(clock: SessionClock, linkClock: SessionClock? = nil, fixes: AsyncStream<Fix>,
                headings: AsyncStream<Heading>, buttonEdges: AsyncStream<GPIOEdgeEvent>,
                beltConnector: any GATTConnector, touchCaseConnector: (any GATTConnector)? = nil,
                penRadio: (any PenRadio)? = nil, pencilCentralID: UInt32 = PenCentralID.legacy, pairedPen: String? = nil,
                boardRun: (@Sendable () async throws -> Void)? = nil, injectedFailures: AsyncStream<String>? = nil) {
        self.clock = clock
        self.linkClock = linkClock
        self.fixes = fixes
        self.headings = headings
        self.buttonEdges = buttonEdges
        self.beltConnector = beltConnector
        self.touchCaseConnector = touchCaseConnector
        self.penRadio = penRadio
        self.pencilCentralID = pencilCentralID
        self.pairedPen = pairedPen
        self.boardRun = boardRun
        self.injectedFailures = injectedFailures
    }

    /// A stream for an input this board does not have: it ends at once, so its forwarder just stops.
    package static func absent<T>(_: T.Type = T.self) -> AsyncStream<T> {
        AsyncStream { $0.finish() }
    }
}
