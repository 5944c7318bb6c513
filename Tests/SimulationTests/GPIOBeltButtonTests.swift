import Belt
import Config
import Foundation
import Platform
import Runtime
import Simulation
import Synchronization
import WayfinderTestKit
import XCTest

/// GPIO lines bound to the belt's buttons, from a press on the line to the bytes the belt receives:
/// the simulated board's script presses the lines (edges with their bounce, as the GPIO reader
/// delivers them), the button actor maps them, navigation and the belt actor act, and the simulated
/// belt's GATT server receives the writes through the real link. The bytes are FSLib's
/// (belt-protocol vectors: mode changes `01 81 <mode> 00` on FE05, the battery signal `20 02` on
/// FE03, a direction pulse as a channel configuration on FE03).
final class GPIOBeltButtonTests: XCTestCase {
    final class Writes: Sendable {
        let all = Mutex<[(at: Duration, characteristic: BeltCharacteristic?, bytes: [UInt8])]>([])
    }

    /// One press each, 10 s apart from 1:00, while the demo walk is under way (autostart).
    static let presses: [(line: Int, long: Bool, name: String)] = [
        (5, false, "belt-home"), (6, false, "belt-pause"), (5, false, "belt-home"), (19, false, "belt-power"),
        (13, false, "belt-compass"), (13, true, "belt-compass-long"), (19, true, "belt-power-long"),
    ]

    func testEachBeltButtonOnAGPIOLineReachesTheBeltAsFSLibsBytes() async throws {
        var config = try ConfigurationLoader.appliance(boards: BoardCatalog(directories: [Repository.boards]))
            .load(path: Repository.demoConfig)
        config.touchCase.enabled = false
        config.pencil.enabled = false
        config.buttons.bindings = [
            ButtonBinding(line: 5, press: .beltButton(.home, .short)),
            ButtonBinding(line: 6, press: .beltButton(.pause, .short)),
            ButtonBinding(line: 13, press: .beltButton(.compass, .short), longPress: .beltButton(.compass, .long)),
            ButtonBinding(line: 19, press: .beltButton(.power, .short), longPress: .beltButton(.power, .long)),
        ]
        let start = Duration.seconds(60), gap = Duration.seconds(10)
        config.simulation?.events = Self.presses.enumerated().map { i, press in
            SimulationEvent(at: start + gap * i, action: .pressButton(line: press.line, long: press.long))
        }
        let directory = NSTemporaryDirectory() + "wayfinder-belt-buttons-\(UUID().uuidString.prefix(8))"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        var options = Appliance.Options()
        options.acceleration = 30
        options.freshStart = true
        options.stateDirectory = directory
        options.shutdownSignals = []
        let logs = LogCapture(level: .info)
        let (appliance, simulated) = try Appliance.buildOnConfiguredBoard(configuration: config, options: options) { logs.logger($0) }
        let board = try XCTUnwrap(simulated)
        let writes = Writes()
        let clock = appliance.clock
        await board.observeBeltWrites { uuid, bytes in
            let characteristic = BeltCharacteristic(uuid: uuid)
            writes.all.withLock { $0.append((clock.elapsed, characteristic, bytes)) }
        }
        // Ends in session time, 10 s after the last press: the simulated clock slows down on a
        // machine that cannot keep up, and the presses are script events on the same clock.
        let endAt = SessionInstant(offset: start + gap * Self.presses.count)
        let group = appliance.group
        let end = Task {
            try await clock.sleep(until: endAt)
            await group.triggerGracefulShutdown()
        }
        try await appliance.run()
        end.cancel()
        let all = writes.all.withLock { $0 }
        let log = logs.all.suffix(40).joined(separator: "\n")

        /// The writes from a press to the next one (session time; the press's release is 150 ms or 1.5 s
        /// in), without what comes regardless of the presses: the answers to the belt's keep-alive
        /// (FE02, every 2 s) and navigation's direction refreshes (FE03 on the navigation channel,
        /// ChannelConfiguration.navigationChannel), which can land between a press and its command
        /// when the machine is loaded.
        func after(_ i: Int) -> [(characteristic: BeltCharacteristic?, hex: String)] {
            let from = start + gap * i
            return all.filter { $0.at >= from && $0.at < from + gap && $0.characteristic != .fe02
                && !($0.characteristic == .fe03 && $0.bytes.first == ChannelConfiguration.navigationChannel) }
                .map { ($0.characteristic, BeltHex.format($0.bytes)) }
        }
        /// The first thing the belt received after press `i`: the press's own command.
        func first(_ i: Int) -> String {
            after(i).first.map { "\($0.characteristic.map { "\($0)" } ?? "?") \($0.hex)" } ?? "nothing"
        }
        for press in Self.presses {
            let kind = press.long ? "long press" : "press"
            XCTAssertFalse(logs.matching("command \(press.name) from button GPIO\(press.line) (\(kind))").isEmpty,
                           "\(press.name) on GPIO\(press.line) was not taken as a command:\n\(log)")
        }

        // belt-home while walking: a direction pulse (belt-protocol, notifyDirection: FE03 channel 0,
        // pattern 1, default intensity AA AA, type 3 magnetic bearing, the direction, 1 iteration of
        // 1000 ms, start 0, neither exclusive nor clearing).
        let pulse = try XCTUnwrap(after(0).first, "belt-home sent nothing:\n\(log)")
        XCTAssertEqual(pulse.characteristic, .fe03)
        XCTAssertTrue(pulse.hex.hasPrefix("00 01 AA AA 00 00 03 ") && pulse.hex.hasSuffix(" 00 00 01 E8 03 00 00 00 00")
                      && pulse.hex.count == "00 01 AA AA 00 00 03 5A 00 00 00 01 E8 03 00 00 00 00".count, pulse.hex)
        // belt-pause while walking: pause mode; belt-home while paused: app mode again (FSLib's
        // pauseNavigation and startNavigation from pause, FE05 01 81 <mode> 00).
        XCTAssertEqual(first(1), "fe05 01 81 04 00", "belt-pause")
        XCTAssertEqual(first(2), "fe05 01 81 03 00", "belt-home resuming")
        // belt-power: the battery signal (system signal 02); belt-compass: compass mode (2), long:
        // calibration (5); belt-power-long: standby (0), the belt switched off.
        XCTAssertEqual(first(3), "fe03 20 02", "belt-power")
        XCTAssertEqual(first(4), "fe05 01 81 02 00", "belt-compass")
        XCTAssertEqual(first(5), "fe05 01 81 05 00", "belt-compass-long")
        XCTAssertEqual(first(6), "fe05 01 81 00 00", "belt-power-long")
        // And nothing of the kind before the first press: the bytes are the presses'.
        let before = all.filter { $0.at < start }
        XCTAssertFalse(before.contains { BeltHex.format($0.bytes) == "20 02" || BeltHex.format($0.bytes) == "01 81 02 00" }, "\(before)")
    }
}
