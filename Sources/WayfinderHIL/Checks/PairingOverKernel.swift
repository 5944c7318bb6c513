import BLE
import BLESockets
import Belt
import Config
import Foundation
import Logging
import Platform
import Runtime
import Simulation

/// `BLEPairing` against the kernel's own SMP: the central pairs with the peripheral (Just Works,
/// through mgmt Pair Device), a new connection at security medium is encrypted with the bond and
/// pairs no second time, and after the central's keys are removed (what a reboot does to a kernel
/// without bluetoothd) the bond stored in `bonds.json` is loaded back by the appliance's connector
/// and the link is encrypted again, still without pairing.
///
/// Why btvirt can do this: SMP runs in each guest kernel; the emulated controller only has to start
/// LE encryption, and BlueZ 5.66's emulator/btdev.c does: LE Encrypt and LE Rand through AF_ALG,
/// LE Start Encryption raising an LTK Request on the other controller, and an Encryption Change on
/// both sides when the two LTKs match (`cmd_start_encrypt`, `cmd_ltk_reply`; LE feature bit
/// "LE Encryption" set in `set_le_features`).
///
/// The peripheral side needs someone to accept its half of the Just Works pairing: the kernel asks
/// user space on both sides (net/bluetooth/smp.c `tk_request`). A real belt answers for itself; here
/// `Responder` does, for hci0 and the central's address only.
enum PairingOverKernel {
    static let check = HILCheck(name: "pairing: Just Works bond over the kernel, encrypted reconnect, bond reloaded from bonds.json") { env in
        let logger = Logger(label: "hil.pairing")
        guard let peripheralIndex = HILEnvironment.index(of: env.peripheralAdapter),
              let centralIndex = HILEnvironment.index(of: env.centralAdapter) else {
            throw HILFailure("adapters \(env.peripheralAdapter), \(env.centralAdapter) are not hciN")
        }
        let peripheral = ManagementAddress(env.peripheralAddress, type: .lePublic)
        let central = ManagementAddress(env.centralAddress, type: .lePublic)
        // A clean slate: no keys left from an earlier run on either side. Keys only: a link another
        // check may still be closing is left to end by itself (Disconnect 0, mgmt-api.txt).
        _ = try? await BLEPairing.unpair(adapter: env.centralAdapter, peer: peripheral, disconnect: false)
        _ = try? await BLEPairing.unpair(adapter: env.peripheralAdapter, peer: central, disconnect: false)

        try await Kernel.waitForNoLinks(env)
        let responder = try await Responder.start(index: peripheralIndex, adapter: env.peripheralAdapter, peer: central, logger: logger)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hil-bonds-\(getpid())").path
        do {
            try await Advertising.during(on: env.peripheralAdapter, advertising: BeltPeripheral.advertising,
                                         scanResponse: BeltPeripheral.scanResponse) {
                // 1. Pair. No ATT listener yet: it would get a channel on the pairing link, and a socket
                //    closed after its link went away hits the 6.1 kernel BUG (docs/hil.md, trap 6).
                let outcome = try await BLEPairing.pair(adapter: env.centralAdapter, peer: peripheral,
                                                        hint: "the rig's peripheral advertises on \(env.peripheralAdapter)",
                                                        timeout: .seconds(40), logger: logger)
                try expect(outcome.peer == peripheral, "paired with \(outcome.peer), expected \(peripheral)")
                guard let bond = outcome.bond, !bond.longTermKeys.isEmpty else {
                    throw HILFailure("paired, but no key came with a store hint: no bond")
                }
                try expect(await responder.confirmations(on: peripheralIndex) >= 1, "the peripheral side was never asked to confirm")
                let centralAsked = await responder.confirmations(on: centralIndex)
                try expect(centralAsked >= 1, "the kernel never asked the central to confirm Just Works")

                // 2. The pairing link ends after the disconnect timeout (HCI_DISCONN_TIMEOUT, 2 s). A new
                //    link at security medium must be encrypted from the kernel's stored key, without a
                //    second pairing.
                try await Kernel.waitForNoLinks(env)
                let listener = try L2CAPSocket.listen(local: env.peripheralAddress)
                let host = BeltPeripheralHost(clock: .continuous(), logger: logger)
                let accepting = Task {
                    while !Task.isCancelled {
                        guard let (socket, _) = try? await listener.accept() else { return }
                        await host.serve(socket)
                    }
                }
                defer { accepting.cancel() }
                let socket = try await L2CAPSocket.connect(local: env.centralAddress, peer: env.peripheralAddress,
                                                           type: .lePublic, security: .medium, timeout: .seconds(20))
                let security = try L2CAPSocket.linkSecurity(of: socket)
                try await waitUntil(.seconds(10), "the belt simulator serving the encrypted link") { await host.linksServed >= 1 }
                // Both ends close while the link is up: closing an L2CAP socket after its link went
                // away hits a kernel BUG in 6.1 (docs/hil.md, trap 6).
                await host.dropLink()
                socket.close()
                try expect(security.isEncrypted && security.level >= BluetoothSecurityLevel.medium.rawValue,
                           "link at \(security), expected encrypted at medium or above")
                try expect(await responder.confirmations(on: centralIndex) == centralAsked,
                           "connecting at medium paired again instead of using the bond")
                try await Kernel.waitForNoLinks(env)

                // 3. Forget the central's keys as a reboot would, then let the appliance's connector give
                //    them back from bonds.json before it connects.
                let store = BondStore(stateDirectory: directory)
                try store.save(bond, adapter: env.centralAddress)
                let removed = try await BLEPairing.unpair(adapter: env.centralAdapter, peer: peripheral, disconnect: false,
                                                          logger: logger)
                try expect(removed, "Unpair Device found no keys on \(env.centralAdapter)")
                let selection = DeviceSelection(enabled: true, address: env.peripheralAddress.description,
                                                addressType: .lePublic, security: .medium)
                let connector = try DeviceConnectors.connector(for: selection, kind: .belt, adapter: env.centralAdapter,
                                                               stateDirectory: directory, logger: logger)
                let client = try await connector.connect()
                let services = try await client.discover(services: [BeltService.control.uuid])
                try await waitUntil(.seconds(10), "the belt simulator serving the restored link") { await host.linksServed >= 2 }
                await host.dropLink()
                await client.disconnect()
                try expect(!services.isEmpty, "no belt control service over the re-encrypted link")
                try expect(await responder.confirmations(on: centralIndex) == centralAsked,
                           "the restored bond was not used: the kernel paired again")
                try await Kernel.waitForNoLinks(env)
            }
        } catch {
            await cleanUp(env, peripheral: peripheral, central: central, responder: responder, directory: directory)
            throw error
        }
        await cleanUp(env, peripheral: peripheral, central: central, responder: responder, directory: directory)
    }

    private static func cleanUp(_ env: HILEnvironment, peripheral: ManagementAddress, central: ManagementAddress,
                                responder: Responder, directory: String) async {
        _ = try? await BLEPairing.unpair(adapter: env.centralAdapter, peer: peripheral, disconnect: false)
        _ = try? await BLEPairing.unpair(adapter: env.peripheralAdapter, peer: central, disconnect: false)
        await responder.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// The peripheral side's user space for pairing: makes the adapter bondable (a peer asking to
    /// bond is refused otherwise, `smp_cmd_pairing_req` in smp.c), accepts Just Works for `peer`
    /// (`PairingSession` decides, as for the central), and counts the confirmation requests the
    /// kernel sends for every adapter.
    actor Responder {
        private let client: ManagementClient
        private let index: UInt16
        private let adapter: String
        private var session: PairingSession
        private var confirmationCounts: [UInt16: Int] = [:]
        private var reader: Task<Void, Never>?

        private init(client: ManagementClient, index: UInt16, adapter: String, peer: ManagementAddress) {
            self.client = client
            self.index = index
            self.adapter = adapter
            session = PairingSession(controllerIndex: index, adapterName: adapter, target: peer, hint: "")
        }

        static func start(index: UInt16, adapter: String, peer: ManagementAddress, logger: Logger) async throws -> Responder {
            let client = try ManagementClient.open(logger: logger)
            _ = try await client.run(.setBondable(true), index: index, operation: "make \(adapter) bondable")
            let responder = Responder(client: client, index: index, adapter: adapter, peer: peer)
            await responder.listen()
            return responder
        }

        func confirmations(on index: UInt16) -> Int { confirmationCounts[index, default: 0] }

        func stop() async {
            reader?.cancel()
            _ = try? await client.run(.setBondable(false), index: index, operation: "restore bondable off on \(adapter)")
            await client.close()
        }

        private func listen() async {
            let events = await client.events()
            reader = Task {
                do {
                    for try await frame in events { await self.handle(frame) }
                } catch {}
            }
        }

        private func handle(_ frame: ManagementEventFrame) async {
            if case .userConfirmationRequest = frame.event { confirmationCounts[frame.controllerIndex, default: 0] += 1 }
            for action in session.handle(frame) {
                switch action {
                case let .confirm(peer): _ = try? await client.send(.userConfirmationReply(peer), index: index)
                case let .decline(peer): _ = try? await client.send(.userConfirmationNegativeReply(peer), index: index)
                }
            }
        }
    }
}
