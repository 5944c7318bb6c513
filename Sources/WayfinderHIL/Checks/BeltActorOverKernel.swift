import BLESockets
import Belt
import Logging
import Platform
import Runtime
import Simulation

/// The appliance's belt actor, on the real stack (L2CAP connector, our GATT client, `GATTBeltLink`),
/// against the belt simulator as a peripheral: handshake, a navigation command, then the belt goes
/// away and comes back — the link reconnects and the actor brings the belt back to app mode and the same
/// vibration, with no protocol violation recorded.
enum BeltActorOverKernel {
    static let check = HILCheck(name: "belt actor: handshake, navigation, reconnect and resync over the kernel") { env in
        let logger = Logger(label: "hil.belt-actor")
        try await BeltSimulatorOnKernel.serving(env, logger: logger) { host in
            let connector = L2CAPGATTConnector.fixed(env.peripheralAddress, type: .lePublic,
                                                     localAddress: env.centralAddress, logger: logger)
            let link = GATTBeltLink(connector: connector, clock: .continuous(), logger: logger)
            let (requests, requestSink) = AsyncStream<BeltRequest>.makeStream()
            let (reports, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
            let connections = ConnectionCount()
            let listening = Task {
                for await report in reports where report == .connected(true) { await connections.increment() }
            }
            defer { listening.cancel() }
            let actor = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 50,
                                  clock: .continuous(), logger: logger,
                                  health: HealthMonitor(expected: [BeltActor.name]), status: StatusBoard(order: [BeltActor.name]))
            let running = Task { try await actor.run() }
            defer { running.cancel() }

            try await waitUntil(.seconds(40), "the belt actor connected (handshake done)") { await connections.value >= 1 }
            requestSink.yield(.startNavigation(direction: 90, isMagneticBearing: true, signal: .navigation))
            try await waitUntil(.seconds(10), "the belt in app mode, vibrating toward 90° magnetic") {
                let mode = await host.mode
                let records = await host.records
                return mode == .app && pointsAt90(records)
            }
            let beforeDrop = await host.records.count

            await host.dropLink()
            try await waitUntil(.seconds(60), "the belt actor reconnected after the drop") {
                let links = await host.linksServed
                let connected = await connections.value
                return links >= 2 && connected >= 2
            }
            try await waitUntil(.seconds(30), "resync: app mode and the same vibration again") {
                let mode = await host.mode
                let since = await host.records.dropFirst(beforeDrop)
                return mode == .app && pointsAt90(Array(since))
            }
            await actor.release()
            let violations = await host.violations
            try expect(violations.isEmpty, "violations: \(violations)")
        }
    }

    actor ConnectionCount {
        private(set) var value = 0
        func increment() { value += 1 }
    }

    /// Whether the belt received a navigation channel configuration toward 90° magnetic.
    static func pointsAt90(_ records: [SimulatedBelt.Record]) -> Bool {
        records.contains { record in
            if case .configureChannel(let c) = record.command, c.orientation == .magneticBearing(90), record.problem == nil { return true }
            return false
        }
    }
}
