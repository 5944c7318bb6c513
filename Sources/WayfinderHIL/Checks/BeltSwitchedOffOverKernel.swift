import BLE
import BLESockets
import Belt
import Logging
import Platform
import Runtime
import Simulation
import Status

/// The wearer switches the belt off with its power button and on again, on the real stack (L2CAP
/// connector, our GATT client, `GATTBeltLink`, the belt actor, our mgmt scanner listening) against
/// the belt simulator as a peripheral whose advertising stops while it is off, as a belt's does:
/// standby recognised, no connection attempt while it is off, and once it advertises again the actor
/// reconnects and the belt is back in app mode pointing the walk's direction.
enum BeltSwitchedOffOverKernel {
    static let check = HILCheck(name: "belt switched off with its power button: standby, no attempts while off, walk restored when on, over the kernel") { env in
        let logger = Logger(label: "hil.belt-standby")
        try await Kernel.waitForNoLinks(env)
        // Both controllers powered, and the belt visible before the run, whatever ran before this check.
        let seen = try await Advertising.during(on: env.peripheralAdapter, advertising: BeltPeripheral.advertising,
                                                scanResponse: BeltPeripheral.scanResponse) {
            try await BLEScanner.scan(adapter: env.centralAdapter, for: .seconds(2), power: true, logger: logger)
        }
        try expect(seen.contains { $0.address == env.peripheralAddress }, "the belt simulator was not seen advertising")

        let listenerSocket = try L2CAPSocket.listen(local: env.peripheralAddress)
        let host = BeltPeripheralHost(clock: .continuous(), logger: logger)
        let accepting = Task {
            await withDiscardingTaskGroup { group in
                while !Task.isCancelled {
                    guard let (socket, _) = try? await listenerSocket.accept() else { return }
                    group.addTask { await host.serve(socket) }
                }
            }
        }
        defer { accepting.cancel() }
        let advertising = SwitchedAdvertising(adapter: env.peripheralAdapter)
        try await advertising.on()

        let connector = L2CAPGATTConnector.fixed(env.peripheralAddress, type: .lePublic,
                                                 localAddress: env.centralAddress, logger: logger)
        let listener = ScanningAdvertisementListener(rule: DiscoveryRule(address: env.peripheralAddress),
                                                     adapter: env.centralAdapter, logger: logger)
        let link = GATTBeltLink(connector: connector, clock: .continuous(), listener: listener, logger: logger)
        let (requests, requestSink) = AsyncStream<BeltRequest>.makeStream()
        let (reports, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
        let told = ToldReports()
        let collecting = Task { for await report in reports { await told.append(report) } }
        defer { collecting.cancel() }
        let actor = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 50,
                              clock: .continuous(), logger: logger,
                              health: HealthMonitor(expected: [BeltActor.name]), status: StatusBoard(order: [BeltActor.name]))
        let running = Task { try await actor.run() }
        defer { running.cancel() }

        @Sendable func bearing() async -> Int? {
            let channels = await host.channels
            guard await host.mode == .app,
                  case .magneticBearing(let b)? = channels[ChannelConfiguration.navigationChannel]?.configuration.orientation
            else { return nil }
            return Int(b)
        }

        try await waitUntil(.seconds(40), "the belt actor connected") { await actor.statusPart.connected }
        requestSink.yield(.startNavigation(direction: 90, isMagneticBearing: true, signal: .navigation))
        try await waitUntil(.seconds(10), "the belt guiding toward 90°") { await bearing() == 90 }

        // Off: standby notified, the link closed by the belt, its advertising stopped.
        let off = ContinuousClock.now
        await host.press(.power, .long)
        await advertising.off()
        try await waitUntil(.seconds(10), "status showing the belt in standby, the link listening") {
            let listening = await link.isListeningForTheBelt
            return await actor.statusPart.status.link == .standby && listening
        }
        let quiet = ContinuousClock.now - off
        let state = await link.state
        try expect(state == .notConnected, "the link is \(state) after the switch-off")
        let toldOff = await told.all
        try expect(toldOff.contains(.standby), "no standby report: \(toldOff)")
        // 12 s off: the first listening window (5 s to 8 s after the switch-off) hears nothing, and
        // not one connection reaches the belt.
        try await Task.sleep(for: .seconds(12))
        let linksWhileOff = await host.linksServed
        try expect(linksWhileOff == 1, "\(linksWhileOff - 1) connection(s) while the belt was off")
        let linkWhileOff = await actor.statusPart.status.link
        try expect(linkWhileOff == .standby, "status \(linkWhileOff) while the belt is off, not standby")

        // On: wait mode, advertising; the next window (18 s after the switch-off) hears it.
        await host.press(.power, .long)
        let on = ContinuousClock.now
        try await advertising.on()
        try await waitUntil(.seconds(40), "the belt reconnected and guiding toward 90° again") {
            let links = await host.linksServed
            let pointing = await bearing()
            return links == 2 && pointing == 90
        }
        let resumed = ContinuousClock.now - on
        let toldOn = await told.all
        try expect(toldOn.contains(.resumed), "no resumed report: \(toldOn)")
        let linkAfter = await actor.statusPart.status.link
        try expect(linkAfter == .connected, "status \(linkAfter) after the switch-on, not connected")
        let intensity = await host.defaultIntensity
        try expect(intensity == 50, "intensity \(intensity) %, not the walk's 50 %")
        await actor.release()
        await advertising.off()
        let violations = await host.violations
        try expect(violations.isEmpty, "violations: \(violations)")
        // The figures for docs/ble.md, on the PASS line's console.
        print("  belt switched off: radio quiet \(quiet) after the switch-off; walk resumed \(resumed) after the switch-on")
    }

    actor ToldReports {
        private(set) var all: [BeltActor.Report] = []
        func append(_ report: BeltActor.Report) { all.append(report) }
    }

    /// The belt simulator's advertising, stopped while the simulated belt is off.
    actor SwitchedAdvertising {
        let adapter: String
        private var running: Advertising?

        init(adapter: String) { self.adapter = adapter }

        func on() async throws {
            guard running == nil else { return }
            running = try await Advertising.start(on: adapter, advertising: BeltPeripheral.advertising,
                                                  scanResponse: BeltPeripheral.scanResponse)
        }

        func off() async {
            await running?.stop()
            running = nil
        }
    }
}
