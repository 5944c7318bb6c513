import Config
import Foundation
import Logging
import Runtime
import Simulation
import Status
import WayfinderTestKit
import XCTest

/// What the belt reports of itself, end to end on the simulated board: the script's
/// `belt_intensity` and `belt_power` cross the belt's GATT server as FE06 and FE09 bytes and reach
/// `status`, and `intensity-up` steps from the wearer's value; the compass accuracy signal is set at
/// connection as the configuration says.
extension ControlSocketIntegrationTests {
    func testTheBeltsOwnIntensityAndPowerReachTheStatusAndTheControlsStepFromThem() async throws {
        let directory = try scratchDirectory()
        var config = try demoConfiguration()
        config.compassAccuracySignal = .off
        config.simulation?.events = [
            SimulationEvent(at: .seconds(40), action: .beltIntensity(80)),
            SimulationEvent(at: .seconds(40), action: .beltPower(.charging)),
        ]
        let logs = LogCapture(level: .info)
        let (appliance, socket) = try start(config, in: directory, logs: logs)
        let running = Task { try await appliance.run() }
        defer { running.cancel() }

        let seen = try await Self.status(from: socket, "the belt's intensity and power") { report in
            report.belt?.intensityPercent == 80 && report.belt?.power == "charging"
        }
        let report = try XCTUnwrap(seen, "status never showed the belt's own intensity and power")
        let belt = try XCTUnwrap(report.belt)
        XCTAssertEqual(belt.firmwareRevision, "52 variant 1")
        XCTAssertEqual(belt.compassAccuracySignal, false, "switched off in app mode at connection, read back")
        XCTAssertNotNil(belt.timeToFullSeconds)
        XCTAssertNil(belt.timeToEmptySeconds)
        XCTAssertEqual(logs.matching("default intensity now 80% (changed on the belt)").count, 1, logs.all.joined(separator: "\n"))

        let up = try await Self.ask(socket, .control(.navigation(.intensityUp)))
        XCTAssertTrue(up.ok, up.error ?? "")
        XCTAssertEqual(up.result, "belt intensity 90 %", "a step from the wearer's 80, not the configured 60")
        XCTAssertEqual(up.status?.belt?.intensityPercent, 90)

        await appliance.group.triggerGracefulShutdown()
        try await running.value
    }
}

extension ControlSocketIntegrationTests {
    /// `pencil_battery_percent = 20`: the simulated pen reports it on its BatteryLevel characteristic,
    /// and `status` lists a warning that names the pen and its battery.
    func testALowPenBatteryIsAStatusWarningNamingThePenAndItsBattery() async throws {
        var config = try demoConfiguration()
        config.pencil.enabled = true
        config.simulation?.events = [SimulationEvent(at: .seconds(40), action: .pencilBattery(percent: 20))]
        // As `wayfinder run` wires it: every logger's warnings also go to the status's list.
        let directory = try scratchDirectory()
        let warnings = WarningLog()
        var options = Appliance.Options()
        options.acceleration = 20
        options.stateDirectory = directory + "/state"
        options.shutdownSignals = []
        options.controlSocket = directory + "/control.sock"
        options.warnings = warnings
        let (appliance, _) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options) { label in
            Logger(label: label) { _ in warnings.handler(label: label) }
        }
        let socket = directory + "/control.sock"
        let running = Task { try await appliance.run() }
        defer { running.cancel() }

        let seen = try await Self.status(from: socket, "a warning about the pen's battery") { report in
            report.warnings.contains { $0.message.contains("pen") && $0.message.contains("battery") }
        }
        let report = try XCTUnwrap(seen, "status never warned of the pen's battery")
        let warning = try XCTUnwrap(report.warnings.first { $0.message.contains("pen battery") })
        XCTAssertEqual(warning.message, "pen battery low: charge the pencil soon")
        XCTAssertEqual(warning.source, "pencil")
        XCTAssertEqual(report.pencil?.battery, "low", "in the SDK's band")
        XCTAssertEqual(report.pencil?.batteryPercent, 20, "as the pen reports it")

        await appliance.group.triggerGracefulShutdown()
        try await running.value
    }
}
