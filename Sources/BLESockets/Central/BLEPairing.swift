import Logging
import Platform
import Synchronization

/// Pairs with, unpairs from, and restores bonds of LE peripherals through the kernel's management
/// interface (docs/ble.md, "Pairing").
///
/// Pairing is Just Works with IO capability NoInputNoOutput: a Pi without display or keyboard can do
/// nothing else, and it is what the belt offers. `PairingSession` decides;
/// this type sends the commands and feeds the session the kernel's events.
package enum BLEPairing {
    /// The belt's pairing mode lasts 60 s (pybelt's README); the kernel's own limits are 20 s to
    /// connect once the peer is seen and 30 s for SMP (`HCI_LE_CONN_TIMEOUT` in hci.h, `SMP_TIMEOUT`
    /// in smp.c), but it waits for an absent peer without limit, so the deadline is ours.
    package static let defaultTimeout: Duration = .seconds(60)

    /// Pairs with `peer` on `adapter` (nil: the first powered LE adapter) and returns the keys to keep.
    ///
    /// The adapter is made bondable for the pairing (without it SMP does not ask for bonding,
    /// `build_pairing_cmd` in smp.c) and put back as it was afterwards. `hint` says how to put the
    /// device into pairing mode, for the error messages.
    package static func pair(adapter: String?, peer: ManagementAddress, hint: String,
                            timeout: Duration = defaultTimeout, power: Bool = false,
                            logger: Logger = Logger(label: "ble"),
                            client existing: ManagementClient? = nil) async throws(BLEPairingError) -> PairingOutcome {
        try await using(existing, logger: logger) { (client) throws(BLEPairingError) -> PairingOutcome in
            try await pair(client: client, adapter: adapter, peer: peer, hint: hint, timeout: timeout, power: power, logger: logger)
        }
    }

    private static func pair(client: ManagementClient, adapter: String?, peer: ManagementAddress, hint: String,
                             timeout: Duration, power: Bool, logger: Logger) async throws(BLEPairingError) -> PairingOutcome {
        let choice = try await prepare(client, adapter, power: power)
        let madeBondable = !choice.information.currentSettings.contains(.bondable)
        if madeBondable {
            _ = try await run(client, .setBondable(true), on: choice, "make \(choice.name) bondable")
        }

        let session = PairingSession(controllerIndex: choice.index, adapterName: choice.name, target: peer, hint: hint)
        let events = await client.events()
        let handled = Progress()
        let consumer = Task(executorPreference: client.executor) { () -> PairingSession in
            var session = session
            do {
                for try await frame in events {
                    for action in session.handle(frame) {
                        await answer(action, client: client, index: choice.index, logger: logger)
                    }
                    handled.increment()
                }
            } catch {
                logger.debug("pairing events ended: \(error)")
            }
            return session
        }

        logger.info("pairing with \(peer) on \(choice.name) (Just Works, NoInputNoOutput)")
        let reply: ManagementCommandReply
        do {
            reply = try await client.send(.pairDevice(peer, ioCapability: .noInputNoOutput), index: choice.index,
                                          timeout: timeout)
        } catch {
            consumer.cancel()
            if case .timeout = error {
                // The kernel keeps looking for an absent peer; stop it (mgmt.c `cancel_pair_device`).
                _ = try? await client.send(.cancelPairDevice(peer), index: choice.index)
                await restoreBondable(madeBondable, client: client, choice: choice, logger: logger)
                throw .timedOut(peer: peer, after: timeout, hint: hint)
            }
            throw .management(error)
        }
        // Every event the kernel sent before its answer (the keys among them) reaches the consumer
        // first; wait until it has handled them all.
        let delivered = await client.eventsDelivered
        let deadline = ContinuousClock.now + .seconds(2)
        while handled.value < delivered, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        consumer.cancel()
        let finished = await consumer.value
        await restoreBondable(madeBondable, client: client, choice: choice, logger: logger)
        if finished.temporaryKeys > 0 {
            logger.notice("\(peer) handed out \(finished.temporaryKeys) key(s) without bonding; they last for this connection only")
        }
        return try finished.finish(status: reply.status, returnParameters: reply.parameters).get()
    }

    /// Removes the kernel's keys for `peer` and, with `disconnect`, ends a link to it (mgmt-api.txt:
    /// "It should in practice always be 1"). Returns false when there were no keys.
    package static func unpair(adapter: String?, peer: ManagementAddress, disconnect: Bool = true,
                              logger: Logger = Logger(label: "ble"),
                              client existing: ManagementClient? = nil) async throws(BLEPairingError) -> Bool {
        try await using(existing, logger: logger) { (client) throws(BLEPairingError) -> Bool in
            let choice = try await prepare(client, adapter, power: false)
            let reply: ManagementCommandReply
            do throws(BLEManagementError) {
                reply = try await client.send(.unpairDevice(peer, disconnect: disconnect), index: choice.index)
            } catch {
                throw .management(error)
            }
            switch reply.status {
            case .success: return true
            case .notPaired: return false
            case .permissionDenied: throw .management(.permissionDenied(operation: "unpair \(peer)"))
            default: throw .failed(operation: "Unpair Device \(peer) on \(choice.name)", status: reply.status)
            }
        }
    }

    /// Gives the kernel these bonds' keys, replacing every LTK and IRK it holds for the adapter
    /// (`load_long_term_keys` and `load_irks` clear the lists first, net/bluetooth/mgmt.c). Only for
    /// a host where no bluetoothd manages keys: bluetoothd loads its own list the same way at start.
    package static func load(_ bonds: [Bond], adapter: String?, logger: Logger = Logger(label: "ble"),
                            client existing: ManagementClient? = nil) async throws(BLEPairingError) {
        try await using(existing, logger: logger) { (client) throws(BLEPairingError) in
            try await load(bonds, client: client, adapter: adapter, logger: logger)
        }
    }

    private static func load(_ bonds: [Bond], client: ManagementClient, adapter: String?,
                             logger: Logger) async throws(BLEPairingError) {
        let choice = try await prepare(client, adapter, power: false)
        // IRKs first: a Load Long Term Keys for a peer known only by its IRK then finds it resolved.
        let irks = bonds.compactMap(\.identityResolvingKey)
        if !irks.isEmpty {
            _ = try await run(client, .loadIdentityResolvingKeys(irks), on: choice, "load identity resolving keys into \(choice.name)")
        }
        let keys = bonds.flatMap(\.longTermKeys)
        _ = try await run(client, .loadLongTermKeys(keys), on: choice, "load long term keys into \(choice.name)")
        logger.info("loaded \(keys.count) long term key(s) and \(irks.count) IRK(s) of \(bonds.count) bond(s) into \(choice.name)")
    }

    // MARK: - Helpers

    /// Runs `body` on `existing` (or a newly opened client) and closes the client afterwards.
    private static func using<T: Sendable>(_ existing: ManagementClient?, logger: Logger,
                                           _ body: (ManagementClient) async throws(BLEPairingError) -> T) async throws(BLEPairingError) -> T {
        let client: ManagementClient
        if let existing { client = existing } else {
            do { client = try ManagementClient.open(logger: logger) } catch { throw .management(error) }
        }
        do throws(BLEPairingError) {
            let result = try await body(client)
            await client.close()
            return result
        } catch {
            await client.close()
            throw error
        }
    }

    private static func prepare(_ client: ManagementClient, _ adapter: String?, power: Bool) async throws(BLEPairingError) -> AdapterChoice {
        do { return try await AdapterPreparation.prepare(client, requested: adapter, power: power) } catch {
            throw .management(error)
        }
    }

    private static func run(_ client: ManagementClient, _ command: ManagementCommand, on choice: AdapterChoice,
                            _ operation: String) async throws(BLEPairingError) -> [UInt8] {
        do { return try await client.run(command, index: choice.index, operation: operation) } catch {
            throw .management(error)
        }
    }

    private static func answer(_ action: PairingSession.Action, client: ManagementClient, index: UInt16, logger: Logger) async {
        let command: ManagementCommand
        switch action {
        case let .confirm(peer):
            logger.info("accepting the Just Works confirmation for \(peer)")
            command = .userConfirmationReply(peer)
        case let .decline(peer):
            logger.notice("declining a numeric comparison requested for \(peer): no display to show it on")
            command = .userConfirmationNegativeReply(peer)
        }
        do {
            let reply = try await client.send(command, index: index)
            if reply.status != .success { logger.notice("\(command.opcode) for hci\(index): \(reply.status)") }
        } catch {
            logger.notice("\(command.opcode) for hci\(index): \(error)")
        }
    }

    private static func restoreBondable(_ madeBondable: Bool, client: ManagementClient, choice: AdapterChoice, logger: Logger) async {
        guard madeBondable else { return }
        do {
            _ = try await client.run(.setBondable(false), index: choice.index, operation: "restore bondable off on \(choice.name)")
        } catch {
            logger.notice("\(error)")
        }
    }

    /// How many frames the event consumer has handled, read by the pairing flow.
    private final class Progress: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }
}
