import ArgumentParser
import BLESockets
import Logging
import Platform

/// `wayfinder scan`: which BLE devices are around, and which of them we would take for a belt, a
/// touch case or a pencil. Scans through the kernel's management interface, so it works next to
/// bluetoothd and on controllers driven with extended scan commands (docs/ble.md).
struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "List nearby Bluetooth LE devices: address, RSSI, name, and what kind of device we think each is.",
        usage: """
            wayfinder scan [--duration <seconds>] [--adapter <adapter>] [--json]
                           [--power]
            """,
        discussion: """
        Scans for --duration seconds, then prints one row per device, strongest signal first:
          ADDRESS            TYPE    RSSI  NAME              KIND    SERVICES
          C4:7F:51:0A:1B:2C  public   -58  naviGuertel 1234  belt    FE51
        KIND is belt, touch case, pencil or unknown, by the default [devices.*] rules.

        --json prints one JSON array when the scan ends, one object per device and line, with the keys address, addressType, rssi, name, kind (belt, touch_case, pencil, unknown), services, manufacturerData (hex), txPower, connectable and lastSeen (seconds into the scan).

        Needs CAP_NET_ADMIN: run as root, or grant the capability. If bluetoothd is already discovering, its results are used. An adapter that is off is left off unless --power is given.

        Exit status: 0 the scan ran (also when nothing was found); 1 the scan failed; 69 no usable adapter (no Bluetooth, none present, powered off, LE off); 77 not permitted.
        """)

    @Option(name: .long, help: "The adapter: hci0, 0, or its address. Default: the first powered LE adapter.")
    var adapter: String?

    @Option(name: .long, help: ArgumentHelp("How long to scan, in seconds.", valueName: "seconds"))
    var duration: Double = 10

    @Flag(name: .long, help: "Print a JSON array instead of a table.")
    var json = false

    @Flag(name: .long, help: "Switch the adapter (and LE) on if it is off.")
    var power = false

    func validate() throws {
        guard duration.isFinite, (0.5...3600).contains(duration) else {
            throw ValidationError("--duration must be between 0.5 and 3600 seconds")
        }
    }

    func run() async throws {
        let format = LogFormat.detect(environment: ProcessEnvironment.current)
        let logger = Logger(label: "scan") { LineLogHandler(label: $0, level: .notice, format: format) }
        let devices: [DiscoveredDevice]
        do {
            LineLogHandler.standardError("scanning \(adapter ?? "the default adapter") for \(Self.seconds(duration)) s…")
            devices = try await BLEScanner.scan(adapter: adapter, for: .seconds(duration), power: power, logger: logger)
        } catch {
            printError("wayfinder scan: \(error)")
            throw ExitCode(Self.exitStatus(for: error))
        }
        let listing = ScanListing(devices: devices)
        if json {
            print(listing.json())
        } else if devices.isEmpty {
            print("no devices found")
        } else {
            print(listing.table())
        }
    }

    /// sysexits.h: EX_UNAVAILABLE 69 for a missing or switched-off adapter, EX_NOPERM 77 for
    /// missing CAP_NET_ADMIN, 1 for anything else.
    static func exitStatus(for error: BLEManagementError) -> Int32 {
        switch error {
        case .permissionDenied, .socket(.permissionDenied): return 77
        case .socket(.bluetoothUnsupported), .noAdapter, .adapterNotFound, .notLowEnergyCapable, .poweredOff,
             .lowEnergyDisabled, .adapterRemoved:
            return 69
        default: return 1
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
