import BLESockets
import Belt
import Foundation
import Logging
import Navigation
import Platform
import Runtime
import Simulation
import Status

/// What the wearer feels, on the real stack (L2CAP connector, our GATT client, `GATTBeltLink`, the
/// belt actor) against the belt simulator as a peripheral (docs/signals.md).
enum SignalsOverKernel {
    /// A touch case lost and the GPS lost reach the belt as their own bytes (FSLib's critical warning
    /// for GPS), during a walk, and the navigation channel is still there after them.
    static let warning = HILCheck(name: "belt actor: warning signal reaches the belt (touch case lost, GPS lost) and navigation resumes, over the kernel") { env in
        let logger = Logger(label: "hil.signals")
        try await BeltSimulatorOnKernel.serving(env, logger: logger) { host in
            let connector = L2CAPGATTConnector.fixed(env.peripheralAddress, type: .lePublic,
                                                     localAddress: env.centralAddress, logger: logger)
            let link = GATTBeltLink(connector: connector, clock: .continuous(), logger: logger)
            let (requests, requestSink) = AsyncStream<BeltRequest>.makeStream()
            let (states, stateSink) = AsyncStream<StateChange>.makeStream()
            let (reports, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
            let connected = Task { for await report in reports where report == .connected(true) { return true }; return false }
            let actor = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 50,
                                  states: states, signals: SignalSettings(lostAfter: .zero), clock: .continuous(), logger: logger,
                                  health: HealthMonitor(expected: [BeltActor.name]), status: StatusBoard(order: [BeltActor.name]))
            let running = Task { try await actor.run() }
            defer { running.cancel() }
            try expect(await connected.value, "the belt actor connected")

            requestSink.yield(.startNavigation(direction: 90, isMagneticBearing: true, signal: .navigation))
            try await waitUntil(.seconds(10), "navigating on channel 2") { await host.channels[ChannelConfiguration.navigationChannel] != nil }
            stateSink.yield(.touchCase(connected: false))
            stateSink.yield(.gps(lost: true))
            for signal: WearerSignal in [.touchCaseLost, .gpsLost] {
                try await waitUntil(.seconds(10), "the \(signal) signal's bytes at the belt") {
                    await host.records.contains { $0.command == signal.beltCommand && $0.problem == nil }
                }
            }
            // Both exclusive, 2 s and 2.1 s long: then the navigation signal plays again by itself.
            try await waitUntil(.seconds(10), "the signals played out") { await host.channels[0] == nil }
            let navigation = await host.channels[ChannelConfiguration.navigationChannel]
            try expect(navigation?.configuration.orientation == .magneticBearing(90), "navigation resumed: \(String(describing: navigation))")
            await actor.release()
            let violations = await host.violations
            try expect(violations.isEmpty, "violations: \(violations)")
        }
    }

    /// Arrival through the navigation actor: the destination signal (`20 01`) at once and every 5 s;
    /// `stop` ends it.
    static let destination = HILCheck(name: "navigation and belt actors: destination signal repeated until stop, over the kernel") { env in
        let logger = Logger(label: "hil.destination")
        try await BeltSimulatorOnKernel.serving(env, logger: logger) { host in
            let clock = SessionClock.continuous()
            let connector = L2CAPGATTConnector.fixed(env.peripheralAddress, type: .lePublic,
                                                     localAddress: env.centralAddress, logger: logger)
            let link = GATTBeltLink(connector: connector, clock: clock, logger: logger)
            let (requests, requestSink) = AsyncStream<BeltRequest>.makeStream()
            let (beltReports, beltReportSink) = AsyncStream<BeltActor.Report>.makeStream()
            let (fixes, fixSink) = AsyncStream<Fix>.makeStream()
            let (headings, _) = AsyncStream<Heading>.makeStream()
            let (commands, commandSink) = AsyncStream<CommandEnvelope>.makeStream()
            let belt = BeltActor(link: link, requests: requests, reports: beltReportSink, defaultIntensity: 50,
                                 clock: clock, logger: logger, health: HealthMonitor(expected: [BeltActor.name]),
                                 status: StatusBoard(order: [BeltActor.name]))
            let a = Coordinate(latitude: 52.0, longitude: 8.0), b = Coordinate(latitude: 52.001, longitude: 8.0)
            let route = Route(name: "hil", kind: .route, waypoints: [Waypoint(name: "A", coordinate: a), Waypoint(name: "B", coordinate: b)])
            let navigation = NavigationActor(
                guidance: RouteGuidance(route: route, parameters: GuidanceParameters(),
                                        restoring: RouteProgress(routeIdentity: route.identity, currentIndex: 1)),
                store: nil, inputs: .init(fixes: fixes, headings: headings, commands: commands, beltReports: beltReports),
                beltRequests: requestSink, autostart: false, clock: clock, logger: logger,
                health: HealthMonitor(expected: [NavigationActor.name]), status: StatusBoard(order: [NavigationActor.name]))
            let runningBelt = Task { try await belt.run() }
            let runningNavigation = Task { try await navigation.run() }
            defer { runningBelt.cancel(); runningNavigation.cancel() }
            try await waitUntil(.seconds(40), "the belt actor connected") { await belt.statusPart.status.link == .connected }

            let goalReached: @Sendable () async -> Int = {
                await host.records.filter { $0.command == .systemSignal(.destinationReached) }.count
            }
            fixSink.yield(Fix(coordinate: Coordinate(latitude: 52.0008, longitude: 8.0), receivedAt: clock.elapsed))
            commandSink.yield(CommandEnvelope(.start, from: .autostart))
            try await waitUntil(.seconds(10), "navigating") { await host.mode == .app }
            fixSink.yield(Fix(coordinate: Coordinate(latitude: 52.00099, longitude: 8.0), receivedAt: clock.elapsed))
            try await waitUntil(.seconds(5), "the destination signal's bytes (20 01) at arrival") { await goalReached() == 1 }
            try await waitUntil(.seconds(8), "the destination signal again 5 s later") { await goalReached() == 2 }
            commandSink.yield(CommandEnvelope(.stop, from: .autostart))
            let stoppedAt = await goalReached()
            try await Task.sleep(for: .seconds(7))
            let after = await goalReached()
            try expect(after == stoppedAt, "stop ended the destination signal (\(stoppedAt) played before stop, \(after) after 7 s)")
            let mode = await host.mode
            try expect(mode == .wait, "the belt is back in wait mode, not \(mode)")
            await belt.release()
            let violations = await host.violations
            try expect(violations.isEmpty, "violations: \(violations)")
        }
    }
}
