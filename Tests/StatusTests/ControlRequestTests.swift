import Status
import Vocabulary
import XCTest

/// What the control socket accepts, and the words it refuses the rest with.
final class ControlRequestTests: XCTestCase {
    func testEveryRequestSurvivesTheLineRoundTrip() throws {
        let requests: [ControlRequest] = [.status, .follow, .control(.navigation(.nextWaypoint)),
                                          .control(.navigation(.intensityUp)), .control(.route("park.gpx"))]
        for request in requests {
            XCTAssertEqual(try ControlRequest(line: request.line), request, request.line)
        }
    }

    /// The socket takes every command a button or gesture can be bound to, by its configuration name,
    /// and each one survives the wire under that name.
    func testEveryConfigurationCommandNameIsAControl() throws {
        for command in NavigationCommand.allCases {
            let control = try ControlCommand(name: command.configName)
            XCTAssertEqual(control, .navigation(command), command.configName)
            XCTAssertEqual(control.name, command.configName)
            XCTAssertEqual(try ControlRequest(line: ControlRequest.control(control).line), .control(control))
        }
        XCTAssertEqual(ControlCommand.names.count, NavigationCommand.allCases.count + 2)
        XCTAssertEqual(ControlCommand.names.suffix(2), ["route", "go-to"])
        XCTAssertTrue(ControlCommand.names.contains("toggle-pause") && ControlCommand.names.contains("belt-power-long"))
    }

    /// The short names stand for their configuration names; the answer names the configuration's.
    func testTheShortNamesAreAliasesOfTheConfigurationNames() throws {
        XCTAssertEqual(try ControlCommand(name: "next"), .navigation(.nextWaypoint))
        XCTAssertEqual(try ControlCommand(name: "previous"), .navigation(.previousWaypoint))
        XCTAssertEqual(try ControlCommand(name: "battery"), .navigation(.announceBattery))
        XCTAssertEqual(try ControlCommand(name: "next").name, "next-waypoint")
        XCTAssertEqual(try ControlCommand(name: "battery").description, "announce-battery")
        let wire = try ControlRequest(line: #"{"request":"control","command":"next"}"#)
        XCTAssertEqual(wire, .control(.navigation(.nextWaypoint)))
        XCTAssertTrue(wire.line.contains(#""command":"next-waypoint""#), wire.line)
    }

    func testControlNamesAreKebabCaseAndOtherSpellingsAreAccepted() throws {
        XCTAssertEqual(try ControlCommand(name: "intensity-down"), .navigation(.intensityDown))
        XCTAssertEqual(try ControlCommand(name: "intensityDown"), .navigation(.intensityDown))
        XCTAssertEqual(try ControlCommand(name: "intensity_up"), .navigation(.intensityUp))
        XCTAssertEqual(try ControlCommand(name: "togglePause"), .navigation(.togglePause))
        XCTAssertEqual(try ControlCommand(name: "NEXT"), .navigation(.nextWaypoint))
        XCTAssertEqual(ControlCommand.navigation(.intensityDown).name, "intensity-down")
    }

    /// A slip of the finger gets the closest name, an alias included; a word far from all gets the list.
    func testAMistypedControlGetsDidYouMean() {
        func message(_ name: String) -> String {
            do {
                _ = try ControlCommand(name: name)
                return "accepted"
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(message("nxet"), "unknown control \"nxet\"; did you mean \"next\"?")
        XCTAssertEqual(message("pause-toggle"), "unknown control \"pause-toggle\"; did you mean \"toggle-pause\"?")
        XCTAssertEqual(message("anounce-direction"), "unknown control \"anounce-direction\"; did you mean \"announce-direction\"?")
        XCTAssertEqual(message("intensityUpp"), "unknown control \"intensityUpp\"; did you mean \"intensity-up\"?")
        XCTAssertEqual(message("jump"), "unknown control \"jump\"; the controls are \(ControlCommand.names.joined(separator: ", "))")
    }

    func testARouteIsAFileNameInTheRoutesFolderOnly() {
        XCTAssertEqual(try ControlCommand(name: "route", argument: "park.gpx"), .route("park.gpx"))
        XCTAssertThrowsError(try ControlCommand(name: "route", argument: "../etc/passwd")) { error in
            XCTAssertEqual(error as? ControlCommandError, .routeOutsideFolder("../etc/passwd"))
        }
        XCTAssertThrowsError(try ControlCommand(name: "route")) { error in
            XCTAssertEqual(error as? ControlCommandError, .missingRoute)
        }
        XCTAssertThrowsError(try ControlCommand(name: "next", argument: "3")) { error in
            XCTAssertEqual(error as? ControlCommandError, .unexpectedArgument("next-waypoint", "3"))
        }
    }

    func testRefusalsSayWhatIsWrongAndWhatIsAllowed() {
        func refusal(_ line: String) -> String? {
            do {
                _ = try ControlRequest(line: line)
                return nil
            } catch {
                return error.description
            }
        }
        XCTAssertEqual(refusal(#"{"request":"control","command":"nxt"}"#), "unknown control \"nxt\"; did you mean \"next\"?")
        XCTAssertEqual(refusal(#"{"request":"control","command":"jump"}"#),
                       "unknown control \"jump\"; the controls are start, pause, resume, toggle-pause, stop, next-waypoint, "
                       + "previous-waypoint, announce-direction, announce-battery, intensity-up, intensity-down, next-place, "
                       + "belt-power, belt-power-long, belt-pause, belt-pause-long, belt-compass, belt-compass-long, belt-home, "
                       + "belt-home-long, route, go-to")
        XCTAssertEqual(refusal(#"{"request":"reboot"}"#), "unknown request \"reboot\"; the requests are status, follow and control")
        XCTAssertEqual(refusal(#"{"version":9,"request":"status"}"#), "request version 9 is newer than this appliance's (1); update wayfinder")
        XCTAssertEqual(refusal("status"), "malformed request: the message is not JSON")
        XCTAssertEqual(refusal(#"{"request":"control"}"#), "malformed request: command missing")
        XCTAssertEqual(refusal(String(repeating: " ", count: ControlRequest.maximumLineLength + 1)),
                       "request longer than 1024 bytes")
    }

    func testAResponseCarriesTheControlItsResultAndTheStatusAfter() throws {
        let status = StatusReport(wayfinderVersion: "1.4.0", uptimeSeconds: 12)
        let response = ControlResponse(control: .navigation(.nextWaypoint), result: "walking to waypoint 4 of 12", status: status)
        let decoded = try ControlResponse(line: response.line)
        XCTAssertEqual(decoded, response)
        XCTAssertTrue(response.line.contains(#""control":{"command":"next-waypoint"}"#), response.line)
        let refused = ControlResponse(error: "the walk is stopped, there is nothing to pause; start begins it")
        XCTAssertEqual(try ControlResponse(line: refused.line).ok, false)
    }
}

/// The second check behind the socket file's permissions.
final class ControlAccessTests: XCTestCase {
    func testRootTheOwnerAndTheGroupsMembersMayUseTheSocketAndNobodyElse() {
        let access = ControlAccess(ownerUID: 998, group: 997)
        XCTAssertTrue(access.allows(uid: 0, gid: 0, groups: []))
        XCTAssertTrue(access.allows(uid: 998, gid: 998, groups: []))
        XCTAssertTrue(access.allows(uid: 1000, gid: 1000, groups: [27, 997]))
        XCTAssertTrue(access.allows(uid: 1001, gid: 997, groups: []))
        XCTAssertFalse(access.allows(uid: 1002, gid: 1002, groups: [27, 100]))
        XCTAssertFalse(ControlAccess(ownerUID: 998, group: nil).allows(uid: 1000, gid: 997, groups: [997]))
        XCTAssertTrue(access.refusal(uid: 1002).contains("add the user to that group"))
    }
}
