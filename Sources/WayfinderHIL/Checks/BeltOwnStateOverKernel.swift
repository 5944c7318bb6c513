import BLESockets
import Belt
import Logging
import Platform
import Runtime
import Simulation
import Status

/// What the belt reports of itself, on the real stack (L2CAP connector, our GATT client,
/// `GATTBeltLink`, the belt actor) against the belt simulator as a peripheral: the compass accuracy
/// signal the configuration wants off is switched off in app mode at connection (the compass-mode bit
/// kept) and read back; an intensity the wearer changes on the belt's buttons (pause, then home) is
/// followed.
enum BeltOwnStateOverKernel {
    static let check = HILCheck(name: "belt actor: compass accuracy signal set at connection, intensity changed on the belt followed, over the kernel") { env in
        let logger = Logger(label: "hil.belt-state")
        try await BeltSimulatorOnKernel.serving(env, logger: logger) { host in
            let connector = L2CAPGATTConnector.fixed(env.peripheralAddress, type: .lePublic,
                                                     localAddress: env.centralAddress, logger: logger)
            let link = GATTBeltLink(connector: connector, clock: .continuous(), logger: logger)
            let (requests, _) = AsyncStream<BeltRequest>.makeStream()
            let (reports, reportSink) = AsyncStream<BeltActor.Report>.makeStream()
            let followed = FollowedIntensities()
            let listening = Task {
                for await report in reports {
                    if case .intensityChanged(let intensity) = report { await followed.append(intensity) }
                }
            }
            defer { listening.cancel() }
            let actor = BeltActor(link: link, requests: requests, reports: reportSink, defaultIntensity: 50,
                                  compassAccuracySignal: false, clock: .continuous(), logger: logger,
                                  health: HealthMonitor(expected: [BeltActor.name]), status: StatusBoard(order: [BeltActor.name]))
            let running = Task { try await actor.run() }
            defer { running.cancel() }

            try await waitUntil(.seconds(40), "the belt actor connected and the compass accuracy signal read back off") {
                await actor.statusPart.status.compassAccuracySignal == false
            }
            let state = await host.peripheral.compassAccuracyState
            try expect(state == .inCompassMode, "the belt's compass accuracy signal is \(state), not compass mode only")

            await host.press(.pause, .short)
            await host.press(.home, .short)
            try await waitUntil(.seconds(10), "the intensity raised on the belt (60 %) followed") {
                let followedNow = await followed.all
                let status = await actor.statusPart.status
                return followedNow == [60] && status.intensityPercent == 60
            }
            await actor.release()
            let violations = await host.violations
            try expect(violations.isEmpty, "violations: \(violations)")
        }
    }

    actor FollowedIntensities {
        private(set) var all: [Int] = []
        func append(_ intensity: Int) { all.append(intensity) }
    }
}
