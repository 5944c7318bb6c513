import Status
import XCTest

/// What the control socket accepts, and the words it refuses the rest with.
final class ControlRequestTests: XCTestCase {
    func testEveryRequestSurvivesTheLineRoundTrip() throws {
        let requests: [ControlRequest] = [.status, .follow, .control(.next), .control(.intensityUp), .control(.route("park.gpx"))]
        for request in requests {
            XCTAssertEqual(try ControlRequest(line: request.line), request, request.line)
        }
    }

    func testControlNamesAreKebabCaseAndTheOldSpellingsAreAccepted() throws {
        XCTAssertEqual(try ControlCommand(name: "intensity-down"), .intensityDown)
        XCTAssertEqual(try ControlCommand(name: "intensityDown"), .intensityDown)
        XCTAssertEqual(try ControlCommand(name: "intensity_up"), .intensityUp)
        XCTAssertEqual(try ControlCommand(name: "next-waypoint"), .next)
        XCTAssertEqual(ControlCommand.intensityDown.name, "intensity-down")
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
            XCTAssertEqual(error as? ControlCommandError, .unexpectedArgument("next", "3"))
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
        XCTAssertEqual(refusal(#"{"request":"control","command":"jump"}"#),
                       "unknown control \"jump\"; the controls are start, pause, resume, stop, next, previous, intensity-up, intensity-down, battery, route")
        XCTAssertEqual(refusal(#"{"request":"reboot"}"#), "unknown request \"reboot\"; the requests are status, follow and control")
        XCTAssertEqual(refusal(#"{"version":9,"request":"status"}"#), "request version 9 is newer than this appliance's (1); update wayfinder")
        XCTAssertEqual(refusal("status"), "malformed request: the message is not JSON")
        XCTAssertEqual(refusal(#"{"request":"control"}"#), "malformed request: command missing")
        XCTAssertEqual(refusal(String(repeating: " ", count: ControlRequest.maximumLineLength + 1)),
                       "request longer than 1024 bytes")
    }

    func testAResponseCarriesTheControlItsResultAndTheStatusAfter() throws {
        let status = StatusReport(wayfinderVersion: "1.4.0", uptimeSeconds: 12)
        let response = ControlResponse(control: .next, result: "walking to waypoint 4 of 12", status: status)
        let decoded = try ControlResponse(line: response.line)
        XCTAssertEqual(decoded, response)
        XCTAssertTrue(response.line.contains(#""control":{"command":"next"}"#), response.line)
        let refused = ControlResponse(error: "navigation is stopped")
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
