import Belt
import Config
import Navigation
import Sensors
import Simulation
import XCTest

final class SimulatedWorldScriptTests: XCTestCase {
    let route = Route(name: "two", kind: .route, waypoints: [
        Waypoint(name: "A", coordinate: Coordinate(latitude: 52.27, longitude: 8.04)),
        Waypoint(name: "B", coordinate: Coordinate(latitude: 52.271, longitude: 8.04)),
    ])

    func world(_ events: [SimulationEvent]) -> SimulatedWorld {
        SimulatedWorld(route: route, configuration: SimulationConfiguration(events: events), declination: 0)
    }

    func testTheBeltCanRefuseTheNextConnectionOnly() {
        var w = world([SimulationEvent(at: .seconds(1), action: .beltRefusesNextConnection)])
        _ = w.advance(to: .seconds(2))
        XCTAssertFalse(w.gattConnect(), "refused once")
        XCTAssertTrue(w.gattConnect(), "then accepted")
    }

    func testALowBatteryIsNotifiedToASubscribedCentral() {
        var w = world([SimulationEvent(at: .seconds(5), action: .beltBattery(percent: 8))])
        XCTAssertTrue(w.gattConnect())
        _ = w.withPeripheral { $0.writeClientConfiguration(.fe09, BeltWrite.notificationsOn, at: $1) }
        let output = w.advance(to: .seconds(6))
        let battery = output.beltNotifications.filter { $0.characteristic == .fe09 }
        XCTAssertEqual(battery.count, 1)
        guard case .batteryStatus(let status)? = try? BeltNotificationDecoder.decode(.fe09, battery.first?.bytes ?? []) else {
            return XCTFail("expected an FE09 battery status")
        }
        XCTAssertEqual(status.percent, 8, accuracy: 0.01)
    }
}

extension SimulatedWorldScriptTests {
    func testALongPowerPressSwitchesTheBeltOffAndClosesTheLink() {
        var w = world([SimulationEvent(at: .seconds(1), action: .beltButton(.power, .long))])
        XCTAssertTrue(w.gattConnect())
        _ = w.withPeripheral { $0.writeClientConfiguration(.fe04, BeltWrite.notificationsOn, at: $1) }
        let output = w.advance(to: .seconds(2))
        XCTAssertEqual(output.beltNotifications.map(\.characteristic), [.fe04], "the press is told before the link closes")
        XCTAssertEqual(output.beltNotifications.first?.bytes, [0x01, 0x03, 0x00, 0x01, 0x00], "power, long, wait → standby")
        XCTAssertTrue(output.beltLinkDropped)
        XCTAssertFalse(w.gattConnect(), "a switched-off belt is out of reach")
    }
}
