import Foundation
@testable import Navigation
import XCTest

/// docs/control.md's table of what each control does in each state of the walk, checked against the
/// navigation rules: a cell that begins with "ignored" is a command the rules ignore in that state,
/// any other cell one they carry out, and every command a button or gesture can send has a row.
final class ControlTableTests: XCTestCase, GuidanceTesting {
    /// The document, found from this file: Tests/NavigationTests/ControlTableTests.swift.
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/control.md")

    /// The table's rows: the commands each names, and its cells in the order of the header's states.
    func tableRows() throws -> (states: [String], rows: [(commands: [String], cells: [String])]) {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "<!-- control-table: start -->"), "docs/control.md lost its table's markers")
        let end = try XCTUnwrap(text.range(of: "<!-- control-table: end -->"), "docs/control.md lost its table's markers")
        let lines = text[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0.hasPrefix("|") }
        func cells(_ line: Substring) -> [String] {
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let header = cells(try XCTUnwrap(lines.first))
        let rows = lines.dropFirst(2).map { line in
            let row = cells(line)
            let names = row[0].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            // "the same" repeats the cell before it.
            var states: [String] = []
            for cell in row.dropFirst() { states.append(cell == "the same" ? states.last ?? cell : cell) }
            return (names, states)
        }
        return (Array(header.dropFirst()), rows)
    }

    /// The rules in `state`, at the middle waypoint of three with a fresh fix, intensity 60 %.
    func guidance(in state: String) -> RouteGuidance {
        let middle = RouteProgress(routeIdentity: route.identity, currentIndex: 1)
        switch state {
        case "arrived":
            var g = RouteGuidance(route: route, parameters: GuidanceParameters(),
                                  restoring: RouteProgress(routeIdentity: route.identity, currentIndex: 2, destinationReached: true))
            _ = g.handle(fix(52.0010, 8.0015, at: .seconds(1)), now: .seconds(1))
            return g
        default:
            var g = RouteGuidance(route: route, parameters: GuidanceParameters(), restoring: middle)
            _ = g.handle(fix(52.0000, 8.0000, at: .seconds(1)), now: .seconds(1))
            if state != "stopped" { _ = g.handle(.start, now: .seconds(1)) }
            if state == "paused" { _ = g.handle(.pause, now: .seconds(1)) }
            return g
        }
    }

    func testTheTableSaysWhichControlsAreIgnoredInWhichStateAsTheRulesDo() throws {
        let (states, rows) = try tableRows()
        XCTAssertEqual(states, ["stopped", "navigating", "paused", "arrived"])
        for state in states {
            let g = guidance(in: state)
            XCTAssertEqual(g.state == .stopped && g.progress.destinationReached ? "arrived" : "\(g.state)", state)
            XCTAssertEqual(g.progress.currentIndex, state == "arrived" ? 2 : 1)
        }
        var documented: [String] = []
        for row in rows {
            XCTAssertEqual(row.cells.count, states.count, "\(row.commands)")
            for name in row.commands {
                let command = try XCTUnwrap(NavigationCommand(configName: name), "\(name) in docs/control.md is no command")
                documented.append(name)
                for (state, cell) in zip(states, row.cells) {
                    var g = guidance(in: state)
                    let ignored = g.handle(command, now: .seconds(2)).contains {
                        if case .report(.commandIgnored) = $0 { true } else { false }
                    }
                    XCTAssertEqual(ignored, cell.hasPrefix("ignored"), "\(name) while \(state): the table says \"\(cell)\"")
                }
            }
        }
        // `next-place` is the navigation actor's, not the guidance rules' (they have no map): the
        // document says what it does below the table, and RuntimeTests' NavigationPlanningTests test it.
        XCTAssertEqual(documented.sorted(), NavigationCommand.allCases.filter { $0 != .nextPlace }.map(\.configName).sorted(),
                       "one row for every command")
    }

    /// The cells that name a consequence beyond ignored-or-not, checked too: what a stopped walk's
    /// `next-waypoint` and an arrived walk's `previous-waypoint` and `start` do.
    func testTheTablesConsequencesForAStoppedAndAnArrivedWalk() {
        var stopped = guidance(in: "stopped")
        _ = stopped.handle(.nextWaypoint, now: .seconds(2))
        XCTAssertEqual(stopped.progress.currentIndex, 2, "moves the target on")
        XCTAssertEqual(stopped.state, .stopped, "the walk stays stopped")
        var arrived = guidance(in: "arrived")
        _ = arrived.handle(.previousWaypoint, now: .seconds(2))
        XCTAssertEqual(arrived.progress.currentIndex, 1, "the waypoint before the destination")
        XCTAssertEqual(arrived.state, .stopped)
        var again = guidance(in: "arrived")
        _ = again.handle(.start, now: .seconds(2))
        XCTAssertEqual(again.state, .navigating)
        XCTAssertEqual(again.progress.currentIndex, 0, "the route again from waypoint 1")
        XCTAssertFalse(again.progress.destinationReached)
    }
}
