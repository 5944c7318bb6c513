import BLE
import Config
import Pencil
import Logging
import Platform
import Sensors

/// A Raspberry Pi's inputs: the belt over BLE, the buttons on the header's GPIO chip, the GPS on a
/// UART or from gpsd, and (through `I2CSensorInputs`) the I2C sensors.
///
/// What stops the start and what is retried (docs/architecture.md, "Hardware at start"):
/// - fatal, because it will not fix itself: no GPIO chip with the board's label, button lines busy or
///   not permitted, a GPS device the service may not open, a belt table that matches nothing,
///   `ublox-i2c` in a build without the DDC reader;
/// - retried with backoff and logged, because it can come back: the Bluetooth adapter (missing, down,
///   no kernel support), a GPS device that is not there (yet) or goes away, gpsd not answering;
/// - logged, and the walk goes on without it: an I2C compass in a build without its reader (the belt's
///   own compass is used), a touch case table that matches nothing; the touch case and the pencil
///   keep trying to reach an adapter that is missing.
enum HardwareInputs {
    static func make(configuration config: WayfinderConfiguration, options: Appliance.Options,
                     makeLogger: @escaping @Sendable (String) -> Logger) throws -> ApplianceInputs {
        let clock = options.clock ?? .continuous()
        let board = config.board
        let logger = makeLogger("hardware")
        var feeds: [InputFeed] = []

        var buttonEdges: AsyncStream<GPIOEdgeEvent> = ApplianceInputs.absent()
        let lines = config.buttons.bindings.map(\.line).sorted()
        if lines.isEmpty {
            logger.notice("no buttons bound in [buttons.map]; the GPIO chip is not opened")
        } else {
            do {
                let buttons = try GPIOButtonFeed(labels: board.gpioChipLabels, lines: lines, clock: clock,
                                                 logger: makeLogger("buttons-gpio"))
                buttonEdges = buttons.edges
                feeds.append(buttons.feed)
            } catch {
                throw HardwareStartupError(
                    device: "buttons on GPIO \(lines.map(String.init).joined(separator: ", ")) ([buttons.map], board \(board.id))",
                    problem: "\(error)")
            }
        }

        var fixes: AsyncStream<Fix> = ApplianceInputs.absent()
        switch config.gps {
        case .uart(let device, let baud):
            if case .permissionDenied(let group) = DeviceAccess.check(device) {
                throw HardwareStartupError(device: "GPS ([gps] device)", problem: DeviceAccess.permissionHint(path: device, group: group))
            }
            let gps = SerialGPSFeed(device: device, baud: baud, clock: clock, logger: makeLogger("gps"))
            fixes = gps.fixes
            feeds.append(gps.feed)
        case .gpsd(let host, let port):
            let gps = GPSDFeed(host: host, port: port, clock: clock, logger: makeLogger("gps"))
            fixes = gps.fixes
            feeds.append(gps.feed)
        case .ubloxI2C(let address):
            do {
                let gps = try I2CSensorInputs.ubloxFixes(address: address, board: board, clock: clock, logger: makeLogger("gps"))
                fixes = gps.fixes
                feeds.append(gps.feed)
            } catch {
                throw HardwareStartupError(device: "GPS", problem: "\(error)")
            }
        case .none:
            logger.warning("[gps] source = \"none\": without fixes the belt stays silent and the wearer gets the no-fix warning")
        case .simulated:
            // The loader refuses "sim" on a hardware board; this is for a configuration built in code.
            throw HardwareStartupError(device: "GPS", problem: "[gps] source = \"sim\" needs board = \"sim\"")
        }

        var headings: AsyncStream<Heading> = ApplianceInputs.absent()
        switch config.compass {
        case .auto, .chip:
            do {
                let compass = try I2CSensorInputs.compassHeadings(config.compass, board: board, clock: clock,
                                                                  logger: makeLogger("compass"), mounting: config.compassMounting,
                                                                  stateDirectory: options.stateDirectory ?? config.stateDirectory)
                headings = compass.headings
                feeds.append(compass.feed)
            } catch {
                logger.error("compass: \(error); navigating with the belt's own compass")
            }
        case .none:
            break
        case .simulated:
            throw HardwareStartupError(device: "compass", problem: "[compass] source = \"sim\" needs board = \"sim\"")
        }

        // Last: what stops the start above is reported without the adapter's noise before it.
        let beltConnector = try beltConnector(config, logger: logger, linkLogger: makeLogger("belt-link"),
                                              stateDirectory: options.stateDirectory ?? config.stateDirectory)

        let adapter = board.bluetoothAdapter
        let stateDirectory = options.stateDirectory ?? config.stateDirectory
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
                touchCase = DeferredGATTConnector(build: build)
            }
        }
        var penRadio: (any PenRadio)?
        var centralID = PenCentralID.legacy
        if config.pencil.enabled {
            let local = try? BluetoothAdapter.named(adapter).address
            // Stable and non-zero per Pi (§2.1): derived from the adapter's address.
            if let local { centralID = PenCentralID.derived(from: local.octets) }
            penRadio = KernelPenRadio(options: BLEScanOptions(adapter: adapter), localAddress: local, clock: clock,
                                      logger: makeLogger("pencil-radio"))
            if local == nil { logger.error("pencil: Bluetooth adapter \(adapter) not found; the pen cannot be reached until it is") }
        }

        return ApplianceInputs(clock: clock, fixes: fixes, headings: headings, buttonEdges: buttonEdges,
                               beltConnector: beltConnector, touchCaseConnector: touchCase, penRadio: penRadio,
                               pencilCentralID: centralID, board: nil, feeds: feeds)
    }

    /// The belt's L2CAP connector from `[devices.belt]`. A table that can match no belt stops the
    /// start; a missing adapter does not: the connector is then built at each connection attempt, and
    /// the belt actor logs the adapter's error and retries with backoff until it appears.
    static func beltConnector(_ config: WayfinderConfiguration, logger: Logger, linkLogger: Logger,
                              stateDirectory: String) throws -> any GATTConnector {
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
            return DeferredGATTConnector(build: build)
        }
    }
}
