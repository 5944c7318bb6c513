import XCTest
import Platform
@testable import BLE

/// The scan's decisions: restart when the kernel ends discovery, listen when bluetoothd holds it,
/// stop only our own (docs/ble.md).
final class DiscoverySessionTests: XCTestCase {
    static let found = ManagementEventFrame(controllerIndex: 0, event: .deviceFound(DeviceFoundEvent(
        address: BluetoothAddress(string: "C4:7F:51:0A:1B:2C")!, addressType: .lePublic, rssi: -58,
        eir: [0x06, 0x09] + Array("Fuffr".utf8))))

    func testOurDiscoveryReportsDevicesAndIsStoppedAtTheEnd() {
        var session = DiscoverySession(controllerIndex: 0)
        XCTAssertEqual(session.begin(now: .zero), [.startDiscovery])
        XCTAssertEqual(session.startFinished(.success, now: .zero), [])
        XCTAssertEqual(session.state, .ours)
        guard case let .deviceUpdated(device) = session.handle(Self.found, now: .seconds(1)).first else { return XCTFail() }
        XCTAssertEqual(device.name, "Fuffr")
        XCTAssertEqual(device.lastSeen, .seconds(1))
        XCTAssertEqual(session.devices.count, 1)
        XCTAssertEqual(session.finish(), [.stopDiscovery])
    }

    /// The kernel ends LE discovery after DISCOV_LE_TIMEOUT (10.24 s) with Discovering = 0.
    func testDiscoveryEndedByTheKernelIsStartedAgain() {
        var session = DiscoverySession(controllerIndex: 0)
        _ = session.begin(now: .zero)
        _ = session.startFinished(.success, now: .zero)
        let ended = ManagementEventFrame(controllerIndex: 0, event: .discovering(addressTypes: .le, isDiscovering: false))
        XCTAssertEqual(session.handle(ended, now: .seconds(10.24)), [.startDiscovery])
        XCTAssertEqual(session.state, .starting)
        XCTAssertEqual(session.startFinished(.success, now: .seconds(10.3)), [])
        XCTAssertEqual(session.state, .ours)
    }

    func testBusyMeansListeningToSomeoneElsesDiscoveryAndNeverStoppingIt() {
        var session = DiscoverySession(controllerIndex: 0, retryInterval: .seconds(5))
        _ = session.begin(now: .zero)
        let actions = session.startFinished(.busy, now: .zero)
        XCTAssertEqual(actions.count, 1)
        guard case .note = actions.first else { return XCTFail("\(actions)") }
        XCTAssertEqual(session.state, .theirs)
        XCTAssertEqual(session.handle(Self.found, now: .seconds(1)).count, 1, "their Device Found events are ours to use")
        XCTAssertEqual(session.tick(now: .seconds(4)), [])
        XCTAssertEqual(session.tick(now: .seconds(5)), [.startDiscovery], "ask again every retry interval")
        XCTAssertEqual(session.startFinished(.busy, now: .seconds(5)), [], "a repeated Busy is not news")
        XCTAssertEqual(session.finish(), [], "Stop Discovery is not owner-checked: never stop bluetoothd's discovery")
    }

    func testWhenTheirDiscoveryEndsWeStartOurs() {
        var session = DiscoverySession(controllerIndex: 0)
        _ = session.begin(now: .zero)
        _ = session.startFinished(.busy, now: .zero)
        let ended = ManagementEventFrame(controllerIndex: 0, event: .discovering(addressTypes: [.bredr, .lePublic, .leRandom], isDiscovering: false))
        XCTAssertEqual(session.handle(ended, now: .seconds(2)), [.startDiscovery])
        _ = session.startFinished(.success, now: .seconds(2))
        XCTAssertEqual(session.finish(), [.stopDiscovery])
    }

    func testFailuresSayWhy() {
        let cases: [(ManagementStatus, BLEManagementError)] = [
            (.notPowered, .poweredOff(adapter: "hci1")),
            (.permissionDenied, .permissionDenied(operation: "start discovery on hci1")),
            (.invalidIndex, .adapterRemoved(adapter: "hci1")),
            (.notSupported, .commandFailed(operation: "Start Discovery on hci1", status: .notSupported)),
        ]
        for (status, error) in cases {
            var session = DiscoverySession(controllerIndex: 1)
            _ = session.begin(now: .zero)
            XCTAssertEqual(session.startFinished(status, now: .zero), [.fail(error)])
            XCTAssertEqual(session.finish(), [])
        }
    }

    func testPowerOffAndRemovalEndTheScan() {
        var session = DiscoverySession(controllerIndex: 0)
        _ = session.begin(now: .zero)
        _ = session.startFinished(.success, now: .zero)
        XCTAssertEqual(session.handle(ManagementEventFrame(controllerIndex: 0, event: .newSettings([.powered, .lowEnergy])), now: .zero), [])
        XCTAssertEqual(session.handle(ManagementEventFrame(controllerIndex: 0, event: .newSettings([.lowEnergy])), now: .zero),
                       [.fail(.poweredOff(adapter: "hci0"))])
        XCTAssertEqual(session.handle(Self.found, now: .zero), [], "finished: nothing more")
        var removed = DiscoverySession(controllerIndex: 0)
        _ = removed.begin(now: .zero)
        XCTAssertEqual(removed.handle(ManagementEventFrame(controllerIndex: 0, event: .indexRemoved), now: .zero),
                       [.fail(.adapterRemoved(adapter: "hci0"))])
    }

    func testOtherAdaptersAndBREDRResultsAreIgnored() {
        var session = DiscoverySession(controllerIndex: 0)
        _ = session.begin(now: .zero)
        _ = session.startFinished(.success, now: .zero)
        var other = Self.found
        other.controllerIndex = 1
        XCTAssertEqual(session.handle(other, now: .zero), [])
        XCTAssertEqual(session.handle(ManagementEventFrame(controllerIndex: 1, event: .indexRemoved), now: .zero), [])
        let classic = ManagementEventFrame(controllerIndex: 0, event: .deviceFound(DeviceFoundEvent(
            address: BluetoothAddress(string: "00:11:22:33:44:55")!, addressType: .bredr, rssi: -40, eir: [])))
        XCTAssertEqual(session.handle(classic, now: .zero), [])
        XCTAssertEqual(session.devices.count, 0)
    }
}
