import BLE
import BLESockets
import Config
import Pencil
import Logging
import Platform
import Sensors
import Navigation

/// A Raspberry Pi's inputs: the buttons on the header's GPIO chip, the GPS on a UART, from gpsd or
/// from a u-blox receiver on I2C, the compass on I2C (both I2C feeds from `I2CSensorInputs`), and
/// the belt, the touch case and the pencil over BLE. The buttons, GPS and compass become `InputFeed`s,
/// which `HardwareInputsService` runs; the BLE devices become connectors (the pencil a `PenRadio`)
/// that their actors connect through. Nothing is opened here: the feeds open their devices when they
/// run, and only the Bluetooth adapter is looked up.
///
/// What stops the start and what is retried (docs/architecture.md, "Hardware at start"):
/// - fatal, because no hardware can make it work (exit 78, which the unit does not restart): a belt
///   table that matches nothing, `sim` as the GPS or compass source on a hardware board;
/// - retried with backoff while the rest runs, because it can come back by itself (a driver that binds
///   late at boot, udev setting a node's group a moment after it appears, a USB receiver plugged in):
///   the GPIO chip and the button lines, the GPS device (UART, gpsd, u-blox on I2C), the compass's I2C
///   bus, chip and accelerometer (the belt's own compass stands in meanwhile), the Bluetooth adapter
///   for the belt and the touch case. Each is logged once at error with its advice (repeats at debug)
///   and named on the status line's "waiting for:" list (`DeviceWaits`) until it opens;
/// - logged, and the walk goes on without it: a touch case table that matches nothing, and for the
///   pencil a missing adapter (the pencil actor cannot scan until it appears);
/// - warned, and the belt actor's attempts fail with that reason: `[devices.belt] enabled = false`.
enum HardwareInputs {
    static func make(configuration config: WayfinderConfiguration, options: Appliance.Options,
                     makeLogger: @escaping @Sendable (String) -> Logger) throws -> ApplianceInputs {
        let clock = options.clock ?? .continuous()
        let board = config.board
        let logger = makeLogger("hardware")
        let waits = DeviceWaits()
        var feeds: [InputFeed] = []

        // Configuration errors first, before anything is opened or any feed runs.
        if case .simulated = config.gps {
            // The loader refuses "sim" on a hardware board; this is for a configuration built in code.
            throw HardwareStartupError(device: "GPS", problem: "[gps] source = \"sim\" needs board = \"sim\"")
        }
        if case .simulated = config.compass {
            throw HardwareStartupError(device: "compass", problem: "[compass] source = \"sim\" needs board = \"sim\"")
        }
        let stateDirectory = options.stateDirectory ?? config.stateDirectory
        let adapter = board.bluetoothAdapter
        let adapterWait = waits.entry("Bluetooth adapter \(adapter)")
        let beltConnector = try beltConnector(config, logger: logger, linkLogger: makeLogger("belt-link"),
                                              stateDirectory: stateDirectory, waiting: adapterWait)

        var buttonEdges: AsyncStream<GPIOEdgeEvent> = ApplianceInputs.absent()
        let lines = config.buttons.lines
        if lines.isEmpty {
            logger.notice("no buttons bound in [buttons.map]; the GPIO chip is not opened")
        } else {
            let buttons = GPIOButtonFeed(labels: board.gpioChipLabels, lines: lines, clock: clock,
                                         logger: makeLogger("buttons-gpio"), waiting: waits.entry("buttons"))
            buttonEdges = buttons.edges
            feeds.append(buttons.feed)
        }

        var fixes: AsyncStream<Fix> = ApplianceInputs.absent()
        var fixDemand: FixDemand?
        let gpsWait = waits.entry("GPS")
        switch config.gps {
        case .uart(let device, let baud):
            let gps = SerialGPSFeed(device: device, baud: baud, clock: clock, logger: makeLogger("gps"), waiting: gpsWait)
            fixes = gps.fixes
            feeds.append(gps.feed)
        case .gpsd(let host, let port):
            let gps = GPSDFeed(host: host, port: port, clock: clock, logger: makeLogger("gps"), waiting: gpsWait)
            fixes = gps.fixes
            feeds.append(gps.feed)
        case .ubloxI2C(let address):
            let demand = FixDemand(wanted: true)
            fixDemand = demand
            let gps = I2CSensorInputs.ubloxFixes(address: address, board: board, clock: clock, logger: makeLogger("gps"),
                                                 waiting: gpsWait, demand: demand)
            fixes = gps.fixes
            feeds.append(gps.feed)
        case .none:
            logger.warning("[gps] source = \"none\": without fixes the belt stays silent and the wearer gets the no-fix warning")
        case .simulated:
            break  // refused above
        }

        var headings: AsyncStream<Heading> = ApplianceInputs.absent()
        var headingDemand: HeadingDemand?
        switch config.compass {
        case .auto, .chip:
            let demand = HeadingDemand(wanted: config.guidance.headingSource == .external)
            headingDemand = demand
            let compass = I2CSensorInputs.compassHeadings(config.compass, board: board, clock: clock,
                                                          logger: makeLogger("compass"), mounting: config.compassMounting,
                                                          stateDirectory: stateDirectory, waiting: waits.entry("compass"),
                                                          demand: demand)
            headings = compass.headings
            feeds.append(compass.feed)
        case .none, .simulated:
            break  // none wanted; sim refused above
        }

        var touchCase: (any GATTConnector)?
        if config.touchCase.enabled {
            let selection = config.touchCase
            let linkLogger = makeLogger("touch-case-link")
            let build: @Sendable () throws -> any GATTConnector = {
                try TouchCaseConnector.connector(for: selection, adapter: adapter, stateDirectory: stateDirectory, logger: linkLogger)
            }
            do {
                touchCase = try build()
            } catch let error as DeviceConnectorError {
                logger.error("touch case: \(error); the walk goes on without it")
            } catch {
                logger.error("touch case: Bluetooth adapter \(adapter): \(error); the touch case actor keeps trying to connect")
                touchCase = DeferredGATTConnector(waiting: adapterWait, build: build)
            }
        }
        var penRadio: (any PenRadio)?
        var centralID = PenCentralID.legacy
        if config.pencil.enabled {
            let local = try? BluetoothAdapter.named(adapter).address
            // Stable per Pi and non-zero (0 means "not reconciling"): from the adapter's address.
            if let local { centralID = PenCentralID.derived(from: local.octets) }
            penRadio = KernelPenRadio(options: BLEScanOptions(adapter: adapter), localAddress: local, clock: clock,
                                      logger: makeLogger("pencil-radio"), rule: config.pencil.discoveryRule,
                                      security: config.pencil.security)
            // The status line's adapter wait is the belt's and the touch case's: their attempts clear it.
            if local == nil { logger.error("pencil: Bluetooth adapter \(adapter) not found; the pen cannot be reached until it is") }
        }

        var inputs = ApplianceInputs(clock: clock, fixes: fixes, headings: headings, buttonEdges: buttonEdges,
                                     beltConnector: beltConnector, touchCaseConnector: touchCase, penRadio: penRadio,
                                     pencilCentralID: centralID)
        inputs.feeds = feeds
        inputs.waits = waits
        if config.belt.enabled, !config.belt.discoveryRule.matchesNothing {
            inputs.beltListener = ScanningAdvertisementListener(rule: config.belt.discoveryRule, adapter: adapter,
                                                                logger: makeLogger("belt-link"))
        }
        inputs.headingDemand = headingDemand
        inputs.fixDemand = fixDemand
        // sysfs reads may block (an older kernel's get_throttled asks the firmware through its
        // mailbox): off the event loop.
        inputs.piSupply = { await withTaskExecutorPreference(globalConcurrentExecutor) { PiSupplyReader().read() } }
        return inputs
    }

    /// The belt's L2CAP connector from `[devices.belt]`. A table that can match no belt stops the
    /// start; a missing adapter does not: the connector is then built at each connection attempt, the
    /// belt's link retries with backoff until it appears, and the belt actor logs the adapter's error.
    static func beltConnector(_ config: WayfinderConfiguration, logger: Logger, linkLogger: Logger,
                              stateDirectory: String, waiting: DeviceWaits.Entry? = nil) throws -> any GATTConnector {
        let selection = config.belt
        let adapter = config.board.bluetoothAdapter
        guard selection.enabled else {
            logger.warning("[devices.belt] enabled = false: the appliance runs without a belt")
            return DeferredGATTConnector { throw GATTError.unavailable("[devices.belt] enabled = false") }
        }
        let build: @Sendable () throws -> any GATTConnector = {
            try DeviceConnectors.connector(for: selection, kind: .belt, adapter: adapter,
                                           stateDirectory: stateDirectory, logger: linkLogger)
        }
        do {
            return try build()
        } catch let error as DeviceConnectorError {
            throw HardwareStartupError(device: "belt", problem: "\(error)")
        } catch {
            logger.error("belt: Bluetooth adapter \(adapter): \(error); the belt actor keeps trying to connect")
            waiting?.waiting(DeviceWaits.brief(error))
            return DeferredGATTConnector(waiting: waiting, build: build)
        }
    }
}
