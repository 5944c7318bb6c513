import Belt
import Config
import Navigation
import Platform
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

    /// The script's sagging supply is what the firmware would show in `get_throttled`: under-voltage
    /// and throttled now with their sticky bits (0x50005), then only the sticky bits (0x50000); the
    /// board's firmware text reads back through the kernel text parser.
    func testAnUnderVoltageSetsTheFirmwaresThrottledBitsAndItsEndKeepsTheStickyOnes() throws {
        var w = world([SimulationEvent(at: .seconds(5), action: .piUnderVoltage(true)),
                       SimulationEvent(at: .seconds(20), action: .piUnderVoltage(false))])
        XCTAssertNil(w.advance(to: .seconds(4)).piThrottled)
        let sag = w.advance(to: .seconds(6)).piThrottled
        XCTAssertEqual(sag?.rawValue, 0x50005)
        let recovered = w.advance(to: .seconds(21)).piThrottled
        XCTAssertEqual(recovered?.rawValue, 0x50000)
        let firmware = SimulatedPiFirmware()
        XCTAssertEqual(firmware.read(), .supply(PiSupply(source: .firmware, flags: [])))
        firmware.set(try XCTUnwrap(sag))
        XCTAssertEqual(firmware.read(), .supply(PiSupply(source: .firmware, flags: ThrottledFlags(rawValue: 0x50005))))
    }
}

extension SimulatedWorldScriptTests {
    /// `belt_intensity = 80`: FE06 `01 02 50`, as the belt reports an intensity set on its buttons.
    func testAnIntensitySetOnTheBeltIsNotifiedWithTheProtocolsBytes() {
        var w = world([SimulationEvent(at: .seconds(1), action: .beltIntensity(80))])
        XCTAssertTrue(w.gattConnect())
        _ = w.withPeripheral { $0.writeClientConfiguration(.fe06, BeltWrite.notificationsOn, at: $1) }
        let output = w.advance(to: .seconds(2))
        XCTAssertEqual(output.beltNotifications, [BeltWrite(characteristic: .fe06, bytes: [0x01, 0x02, 0x50])])
        XCTAssertEqual(w.peripheral.defaultIntensity, 80)
    }

    /// `belt_power`: FE09 at once with the power status in byte 0 and, charging, the time to full in
    /// bytes 3–4 (× 5.625 s); a full belt on the charger reports external power.
    func testPluggingAndUnpluggingTheBeltIsNotifiedOnFE09() throws {
        var w = world([SimulationEvent(at: .seconds(1), action: .beltPower(.charging)),
                       SimulationEvent(at: .seconds(2), action: .beltBattery(percent: 100)),
                       SimulationEvent(at: .seconds(4), action: .beltPower(.onBattery))])
        XCTAssertTrue(w.gattConnect())
        _ = w.withPeripheral { $0.writeClientConfiguration(.fe09, BeltWrite.notificationsOn, at: $1) }
        func statuses(_ output: SimulatedWorld.Output) -> [BeltBatteryStatus] {
            output.beltNotifications.filter { $0.characteristic == .fe09 }.compactMap { write in
                if case .batteryStatus(let s)? = try? BeltNotificationDecoder.decode(.fe09, write.bytes) { s } else { nil }
            }
        }
        let charging = try XCTUnwrap(statuses(w.advance(to: .seconds(1))).first)
        XCTAssertEqual(charging.powerStatusRaw, 2, "FE09 byte 0: 2 charging")
        XCTAssertEqual(charging.seconds, (100 - 96) / SimulatedBelt.chargePerSecond, accuracy: 5.625)
        let full = statuses(w.advance(to: .seconds(3)))
        XCTAssertEqual(full.last?.powerStatus, .external, "full on the charger: 3, external power")
        let unplugged = try XCTUnwrap(statuses(w.advance(to: .seconds(4))).last)
        XCTAssertEqual(unplugged.powerStatus, .onBattery)
        XCTAssertGreaterThan(unplugged.seconds, 0, "time to empty again")
    }
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

    /// Off, the belt neither advertises nor takes a connection, and ignores every button but a long
    /// press of power; that one switches it on in wait mode, advertising.
    func testASecondLongPowerPressSwitchesTheBeltOnAndItAdvertisesAgain() {
        var w = world([
            SimulationEvent(at: .seconds(1), action: .beltButton(.power, .long)),
            SimulationEvent(at: .seconds(5), action: .beltButton(.home, .short)),
            SimulationEvent(at: .seconds(6), action: .beltButton(.power, .short)),
            SimulationEvent(at: .seconds(60), action: .beltButton(.power, .long)),
        ])
        XCTAssertTrue(w.gattConnect())
        let off = w.advance(to: .seconds(2))
        XCTAssertTrue(off.beltSwitchedOff)
        XCTAssertFalse(w.beltAdvertises)
        _ = w.advance(to: .seconds(59))
        XCTAssertEqual(w.belt.mode, .standby, "other buttons do nothing to a switched-off belt")
        XCTAssertFalse(w.beltAdvertises)
        XCTAssertFalse(w.gattConnect())
        let on = w.advance(to: .seconds(61))
        XCTAssertTrue(on.beltSwitchedOn)
        XCTAssertEqual(w.belt.mode, .wait)
        XCTAssertTrue(w.beltAdvertises)
        XCTAssertTrue(w.gattConnect())
        XCTAssertFalse(w.beltAdvertises, "connected, it advertises no more")
    }
}
