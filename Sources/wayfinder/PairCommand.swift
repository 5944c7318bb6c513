import ArgumentParser
import BLE
import BLESockets
import Config
import Logging
import Platform
import Runtime

/// `wayfinder pair <belt|touch-case|pencil>`: bonds with a device that requires pairing (the belt
/// can, says pybelt's README), so the link can be encrypted and the bond survives a reboot. What it
/// relies on is in docs/ble.md, "Pairing".
///
/// Pairing runs through the kernel's management interface (Just Works, NoInputNoOutput), and the
/// keys go to `bonds.json` in the state directory, which the appliance gives back to the kernel at
/// its next start. That only works where bluetoothd does not run: bluetoothd answers the kernel's
/// Just Works confirmation too, refusing it when it has no agent, and it replaces the kernel's keys
/// with its own at start. With bluetoothd running, this command says how to pair through it instead.
struct PairCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Pair (bond) with the configured belt, touch case or pencil, or remove the pairing.",
        usage: """
            wayfinder pair <device> [--unpair] [--config <config>]
                           [--adapter <adapter>] [--timeout <seconds>] [--verbose]
            """,
        discussion: """
        Finds the device as [devices.<kind>] in the configuration says (a fixed address, or the discovery rules), pairs with it (Just Works: nothing to type or compare) and stores the keys in bonds.json in the state directory, so the bond survives a reboot. Then set security = "medium" in [devices.<kind>]: the link is then encrypted with the bond.

        Put the device into pairing mode first. The belt: hold its Home button until it vibrates in fast pulses (about 5 s); pairing mode lasts 60 s. Stop the appliance while pairing (sudo systemctl stop wayfinder): a connected device does not advertise.

        Needs CAP_NET_ADMIN: run as root. bluetoothd must not be running (it refuses pairings it did not start and keeps its own keys); when it is, the command says how to pair with bluetoothctl instead.

        Exit status: 0 paired (or, with --unpair, no longer paired); 1 pairing failed; 69 no usable adapter; 77 not permitted; 78 the configuration is invalid.
        """)

    @Argument(help: "Which device: belt, touch-case or pencil.")
    var device: PairedDevice

    @Option(name: .shortAndLong, help: "The configuration file ([devices.*], the board's adapter, state_directory).")
    var config: String = WayfinderConfiguration.defaultPath

    @Option(help: "The adapter (default: the board's [bluetooth] adapter).")
    var adapter: String?

    @Option(help: ArgumentHelp("Seconds the pairing may take once the device is found, 5–600 (default: 60, "
                               + "as long as the belt stays in pairing mode).", valueName: "seconds"))
    var timeout: Double?

    /// The time the pairing may take; the default written in the help, not the parser's "60.0".
    var limit: Double { timeout ?? 60 }

    @Flag(help: "Remove the pairing instead: the kernel's keys and the stored bond.")
    var unpair = false

    @Flag(name: .shortAndLong, help: "Log each step.")
    var verbose = false

    func validate() throws {
        guard limit.isFinite, (5...600).contains(limit) else {
            throw ValidationError("--timeout must be between 5 and 600 seconds")
        }
    }

    func run() async throws {
        let level: Logger.Level = verbose ? .info : .notice
        let format = LogFormat.detect(environment: ProcessEnvironment.current)
        LoggingSystem.bootstrap { LineLogHandler(label: $0, level: level, format: format) }
        let logger = Logger(label: "pair")
        let configuration = try ConfigurationFile.load(config, command: "wayfinder pair")
        // Refused before any device is touched, not after pairing: the store would refuse to keep
        // the keys there.
        if let refusal = StateDirectory.refusal(for: configuration.stateDirectory) {
            printError("wayfinder pair: \(refusal)")
            throw ExitCode(ExitStatus.configuration)
        }
        let board = configuration.board
        guard !board.isSimulated else {
            printError("wayfinder pair: \(config) names the simulated board, which has no Bluetooth; pair on a Pi, "
                       + "with board = \"pi-4b\" (or your Pi) in the configuration")
            throw ExitCode(69)
        }
        let adapterName = adapter ?? board.bluetoothAdapter
        let local: BluetoothAdapter
        do { local = try BluetoothAdapter.named(adapterName) } catch {
            printError("wayfinder pair: Bluetooth adapter \(adapterName): \(error)")
            if case .permissionDenied = error { throw ExitCode(77) }
            throw ExitCode(69)
        }
        let selection = device.selection(in: configuration)
        let store = BondStore(stateDirectory: configuration.stateDirectory)

        if BluetoothDaemon.isRunning() {
            printError(bluetoothdMessage(selection: selection))
            throw ExitCode(1)
        }
        if unpair {
            try await removePairing(selection: selection, local: local, store: store, logger: logger)
        } else {
            try await pair(selection: selection, local: local, store: store, configuration: configuration, logger: logger)
        }
    }

    // MARK: - Pairing

    private func pair(selection: DeviceSelection, local: BluetoothAdapter, store: BondStore,
                      configuration: WayfinderConfiguration, logger: Logger) async throws {
        if !selection.enabled {
            print("note: [devices.\(device.kind.rawValue)] has enabled = false; pairing anyway")
        }
        if let note = device.vendorNote { print("note: \(note)") }
        print("\(device.pairingModeHint) now, if it is not in pairing mode yet.")
        let peer = try await find(selection, adapter: local.name, logger: logger)
        print("pairing with the \(device.kind) \(peer.description) on \(local.name) (\(local.address))…")

        let outcome: PairingOutcome
        do throws(BLEPairingError) {
            outcome = try await BLEPairing.pair(adapter: local.name, peer: peer, hint: device.pairingModeHint,
                                                timeout: .seconds(limit), logger: logger)
        } catch .alreadyPaired(let address) {
            let stored = (try? store.bonds(adapter: local.address))?.contains { $0.peer.address == address.address } ?? false
            if stored {
                print("\(address) is already paired with \(local.name), and its bond is stored in \(store.path).")
                printConfigLines(peer: address, selection: selection, configuration: configuration)
                return
            }
            printError("wayfinder pair: \(address) is already paired with \(local.name), but its keys are not in "
                       + "\(store.path) (another program paired it), so they are gone after a reboot. Run "
                       + "`wayfinder pair \(device.rawValue) --unpair`, then pair again.")
            throw ExitCode(1)
        } catch {
            printError("wayfinder pair: \(error)")
            throw ExitCode(Self.exitStatus(for: error))
        }
        guard let bond = outcome.bond else {
            printError("wayfinder pair: \(outcome.peer) encrypted the link but did not bond (it sent no keys to keep), "
                       + "so it would ask to pair again at the next connection. If it has a setting that requires "
                       + "pairing or bonding, switch it on, then run this again.")
            throw ExitCode(1)
        }
        do {
            if let warning = try store.save(bond, adapter: local.address) { printError("wayfinder pair: warning: \(warning)") }
        } catch {
            printError("wayfinder pair: paired with \(outcome.peer), but \(error). The bond lasts until the next reboot.")
            throw ExitCode(1)
        }
        print("paired and bonded with \(outcome.peer); keys stored in \(store.path).")
        printConfigLines(peer: outcome.peer, selection: selection, configuration: configuration)
    }

    /// The device's address and type: the configured ones, or what a scan finds by the rules.
    private func find(_ selection: DeviceSelection, adapter: String, logger: Logger) async throws -> ManagementAddress {
        let rule = selection.discoveryRule
        if let address = rule.address, let type = selection.addressType {
            return ManagementAddress(address, type: type)
        }
        guard !rule.matchesNothing else {
            printError("wayfinder pair: \(DeviceConnectorError.matchesNothing(kind: device.kind))")
            throw ExitCode(ExitStatus.configuration)
        }
        let resolver = ScanningResolver(rule: rule, adapter: adapter, logger: logger)
        print("looking for the \(device.kind) on \(adapter) for up to \(Int(resolver.timeout.components.seconds)) s…")
        do {
            let found = try await resolver.resolve()
            let name = found.name.map { " \"\($0)\"" } ?? ""
            let rssi = found.rssi.map { ", RSSI \($0) dBm" } ?? ""
            print("found\(name) at \(found.address) (\(found.addressType))\(rssi)")
            return ManagementAddress(found.address, type: found.addressType)
        } catch let error as BLEManagementError {
            printError("wayfinder pair: \(error)")
            throw ExitCode(ScanCommand.exitStatus(for: error))
        } catch {
            printError("wayfinder pair: \(error). Is the \(device.kind) switched on, in range, and not connected to "
                       + "anything (stop the appliance first: sudo systemctl stop wayfinder)? `wayfinder scan` lists "
                       + "what is nearby.")
            throw ExitCode(1)
        }
    }

    /// What to put into the configuration so the appliance uses the bond.
    private func printConfigLines(peer: ManagementAddress, selection: DeviceSelection, configuration: WayfinderConfiguration) {
        var lines: [String] = []
        if selection.address != peer.address.description { lines.append("address = \"\(peer.address)\"") }
        if selection.addressType != peer.type { lines.append("address_type = \"\(peer.type)\"") }
        if selection.security.rawValue < BluetoothSecurityLevel.medium.rawValue { lines.append("security = \"medium\"") }
        guard !lines.isEmpty else {
            print("[devices.\(device.kind.rawValue)] in \(configuration.sourcePath) already uses this bond.")
            return
        }
        print("To encrypt the link with this bond, put these lines in [devices.\(device.kind.rawValue)] of \(configuration.sourcePath):")
        for line in lines { print("  \(line)") }
        print("then restart the appliance: sudo systemctl restart wayfinder")
    }

    // MARK: - Unpairing

    private func removePairing(selection: DeviceSelection, local: BluetoothAdapter, store: BondStore, logger: Logger) async throws {
        var peers: [ManagementAddress] = []
        if let address = selection.discoveryRule.address {
            // Unpair is keyed by address and type; try the configured type, else both.
            let types = selection.addressType.map { [$0] } ?? [.lePublic, .leRandom]
            peers = types.map { ManagementAddress(address, type: $0) }
        } else {
            let stored: [Bond]
            do { stored = try store.bonds(adapter: local.address) } catch {
                printError("wayfinder pair: \(error)")
                throw ExitCode(1)
            }
            peers = stored.map(\.peer)
            guard !peers.isEmpty else {
                print("no stored bonds on \(local.name); with no address in [devices.\(device.kind.rawValue)] there is nothing to remove")
                return
            }
            if peers.count > 1 {
                printError("wayfinder pair: \(peers.count) bonds are stored for \(local.name) (\(peers.map(\.address.description).joined(separator: ", "))); "
                           + "set address = \"…\" in [devices.\(device.kind.rawValue)] to say which one to remove")
                throw ExitCode(1)
            }
        }
        var removedKeys = false
        for peer in peers {
            do {
                if try await BLEPairing.unpair(adapter: local.name, peer: peer, logger: logger) { removedKeys = true }
            } catch {
                printError("wayfinder pair: \(error)")
                throw ExitCode(Self.exitStatus(for: error))
            }
        }
        var removedBond = false
        do {
            if let address = peers.first?.address {
                let removal = try store.remove(peer: address, adapter: local.address)
                removedBond = removal.removed
                if let warning = removal.notDurable { printError("wayfinder pair: warning: \(warning)") }
            }
        } catch {
            printError("wayfinder pair: \(error)")
            throw ExitCode(1)
        }
        let who = peers.first.map { $0.address.description } ?? ""
        switch (removedKeys, removedBond) {
        case (false, false): print("\(who) was not paired with \(local.name); nothing removed")
        default: print("removed the pairing with \(who) on \(local.name)\(removedBond ? " and its bond in \(store.path)" : "")")
        }
        if selection.security.rawValue >= BluetoothSecurityLevel.medium.rawValue {
            print("[devices.\(device.kind.rawValue)] still asks for security = \"\(selection.security)\"; set it to \"low\" or pair again")
        }
    }

    // MARK: - bluetoothd

    /// Why we stop when bluetoothd runs, and the two ways on.
    private func bluetoothdMessage(selection: DeviceSelection) -> String {
        let address = selection.address ?? "<the address `wayfinder scan` shows>"
        if unpair {
            return """
            wayfinder pair: bluetoothd is running, so it keeps the pairing keys; remove the pairing through it:
              sudo bluetoothctl remove \(address)
            """
        }
        return """
        wayfinder pair: bluetoothd is running. It would refuse this pairing (it refuses Just Works pairings it did not start when no Bluetooth agent is registered), and at its next start it replaces the kernel's keys with the ones it stored. Either:
          - pair through bluetoothd, which then keeps the bond across reboots (\(device.pairingModeHint.lowercasedFirst) first):
              sudo bluetoothctl
              [bluetooth]# scan le           (wait until \(address) appears)
              [bluetooth]# pair \(address)
              [bluetooth]# quit
            then set security = "medium" in [devices.\(device.kind.rawValue)];
          - or let Wayfinder keep the bond: sudo systemctl disable --now bluetooth, then run this again.
        """
    }

    /// sysexits.h like `wayfinder scan`: 69 no usable adapter, 77 not permitted, 1 anything else.
    static func exitStatus(for error: BLEPairingError) -> Int32 {
        if case let .management(management) = error { return ScanCommand.exitStatus(for: management) }
        return 1
    }
}

private extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
