import BLE
import Platform
import Synchronization
import TouchCase
import XCTest

private final class Calls: Sendable {
    let log = Mutex<[String]>([])
    func record(_ label: String) -> TouchObserverRegistry.Handler {
        { touches in self.log.withLock { $0.append("\(label) " + touches.map { "\($0.id)" }.joined(separator: ",")) } }
    }
    var all: [String] { log.withLock { $0 } }
}

/// FuffrLib's observer model and its case selection (`FFRTouchManager.m`, and its API page).
final class ObserverAndDiscoveryTests: XCTestCase {
    private func touch(_ id: Int, _ side: CaseSide, _ phase: TouchPhase = .began) -> TouchEvent {
        TouchEvent(side: side, id: id, phase: phase, x: 0.5, y: 0.5, time: .zero)
    }

    func testBlocksHearOnlyTheirKindAndSidesAndGetPositiveIncreasingIds() {
        var registry = TouchObserverRegistry()
        let calls = Calls()
        let a = registry.add(.began, sides: .right, calls.record("right-began"))
        let b = registry.add(.moved, sides: [.left, .right], calls.record("lr-moved"))
        XCTAssertEqual([a, b], [1, 2])
        XCTAssertEqual(registry.deliver(TouchDelivery(kind: .began, touches: [touch(1, .right)])), 1)
        XCTAssertEqual(registry.deliver(TouchDelivery(kind: .began, touches: [touch(2, .bottom)])), 0)
        // A moved set is filtered to the observer's sides; the call happens if any remain.
        registry.deliver(TouchDelivery(kind: .moved, touches: [touch(1, .right), touch(2, .bottom), touch(3, .left)]))
        registry.deliver(TouchDelivery(kind: .moved, touches: [touch(2, .bottom)]))
        XCTAssertEqual(calls.all, ["right-began 1", "lr-moved 1,3"])
    }

    func testRemovingOneByIdAndRemovingAll() {
        var registry = TouchObserverRegistry()
        let calls = Calls()
        let observer = registry.addObserver(sides: .all, began: calls.record("obs-began"), ended: calls.record("obs-ended"))
        let block = registry.add(.ended, sides: .top, calls.record("block-ended"))
        XCTAssertEqual(registry.count, 3)
        XCTAssertTrue(registry.remove(observer), "FuffrLib's removeTouchObserver: removed nothing; ours does")
        XCTAssertFalse(registry.remove(observer))
        registry.deliver(TouchDelivery(kind: .ended, touches: [touch(4, .top, .ended)]))
        registry.deliver(TouchDelivery(kind: .began, touches: [touch(4, .top)]))
        XCTAssertEqual(calls.all, ["block-ended 4"])
        registry.removeAll()
        XCTAssertEqual(registry.count, 0)
        XCTAssertEqual(registry.deliver(TouchDelivery(kind: .ended, touches: [touch(4, .top, .ended)])), 0)
        XCTAssertGreaterThan(registry.add(.began, sides: .all, calls.record("x")), block, "ids are never reused")
    }

    private func report(_ address: String, _ name: String, rssi: Int8, at ms: Int) -> DiscoveredDevice {
        DiscoveredDevice(DiscoveryReport(address: BluetoothAddress(string: address)!, addressType: .leRandom, rssi: rssi,
                                         advertisingData: AdvertisingData(localName: name), time: .milliseconds(ms)))
    }

    /// The first "Fuffr"/"Neonode" match opens a 1 s window; the strongest wins; later
    /// connections go to that case only, whatever else advertises.
    func testTheStrongestCaseInTheWindowIsChosenAndKeptForReconnections() {
        var discovery = TouchCaseDiscovery()
        XCTAssertNil(discovery.consider(report("AA:00:00:00:00:01", "Fuffr", rssi: -70, at: 0), now: .zero))
        XCTAssertNil(discovery.consider(report("AA:00:00:00:00:09", "Pencil", rssi: -20, at: 100), now: .milliseconds(100)))
        XCTAssertNil(discovery.consider(report("AA:00:00:00:00:02", "neonode touch", rssi: -50, at: 400), now: .milliseconds(400)))
        XCTAssertNil(discovery.poll(now: .milliseconds(999)))
        XCTAssertEqual(discovery.poll(now: .milliseconds(1000))?.address.description, "AA:00:00:00:00:02")
        discovery.searchAgain()
        XCTAssertNil(discovery.consider(report("AA:00:00:00:00:01", "Fuffr", rssi: -10, at: 5000), now: .seconds(5)))
        XCTAssertEqual(discovery.consider(report("AA:00:00:00:00:02", "Fuffr", rssi: -90, at: 5100), now: .milliseconds(5100))?
            .address.description, "AA:00:00:00:00:02")
    }

    /// A scan elsewhere (the Pi's `ScanningResolver`) chose the case: later searches are for it alone.
    func testACaseChosenElsewhereNarrowsTheRuleToItsAddress() {
        var discovery = TouchCaseDiscovery()
        XCTAssertEqual(discovery.rule, .touchCase)
        discovery.remember(report("AA:00:00:00:00:07", "Fuffr", rssi: -60, at: 0))
        discovery.remember(report("AA:00:00:00:00:08", "Fuffr", rssi: -30, at: 10))
        discovery.searchAgain()
        XCTAssertEqual(discovery.rule.address?.description, "AA:00:00:00:00:07")
        XCTAssertEqual(discovery.rule.selectionWindow, .zero)
    }
}
