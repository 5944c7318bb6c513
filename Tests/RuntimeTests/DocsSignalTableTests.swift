import Belt
import Foundation
import Navigation
@testable import Runtime
import WayfinderTestKit
import XCTest

/// docs/signals.md has one table of every signal the appliance can send: a row for each, and no row
/// for a signal the code cannot send.
final class DocsSignalTableTests: XCTestCase {
    /// The rows' first column, `name`.
    func documented() throws -> [String: String] {
        let text = try String(contentsOfFile: Repository.root + "/docs/signals.md", encoding: .utf8)
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let name = line.dropFirst(3).prefix { $0 != "`" }
            XCTAssertNil(rows[String(name)], "\(name) has two rows")
            rows[String(name)] = String(line)
        }
        return rows
    }

    /// What the wearer feels of a belt request, by the name the table gives it; nil for requests that
    /// play nothing of their own. Exhaustive: a new request must say what it plays.
    func felt(_ request: BeltRequest) -> [String] {
        switch request {
        case .startNavigation(_, _, let s), .updateNavigation(_, _, let s): s.map { ["\($0)"] } ?? []
        case .notifyDestinationReached: ["destinationReached"]
        case .notifyDirection: ["directionNotification"]
        case .notifyBatteryLevel: ["batteryLevel"]
        case .notifyState(let signal): [signal.configKey]
        // FSLib's warnings are sent as the state signals gps_lost and off_route.
        case .notifyWarning: []
        case .pauseNavigation, .stopNavigation, .changeDefaultIntensity, .mirrorButton: []
        }
    }

    func testEverySignalTheCodeSendsHasARowAndEveryRowASignal() throws {
        var sent: Set<String> = []
        for signal in RouteGuidance.navigationSignals {
            sent.formUnion(felt(.updateNavigation(direction: 0, isMagneticBearing: true, signal: signal)))
        }
        for signal in WearerSignal.allCases { sent.formUnion(felt(.notifyState(signal))) }
        for request in [BeltRequest.notifyDestinationReached(shouldStopNavigation: true),
                        .notifyDirection(direction: 0, isMagneticBearing: true), .notifyBatteryLevel] {
            sent.formUnion(felt(request))
        }
        let rows = try documented()
        XCTAssertEqual(Set(rows.keys), sent)
    }

    func testEveryStateSignalsRowNamesTheKeyThatTurnsItOff() throws {
        let rows = try documented()
        for signal in WearerSignal.allCases {
            let row = try XCTUnwrap(rows[signal.configKey])
            XCTAssertTrue(row.hasSuffix("| `signals.\(signal.configKey)` |"), row)
        }
    }
}
