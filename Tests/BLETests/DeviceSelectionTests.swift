import XCTest
import Platform
@testable import BLE

/// DiscoveryRule, DeviceClassifier and DeviceSelector: which device a kind will connect to.
final class DeviceSelectionTests: XCTestCase {
    static let legacy = BLEUUID(string: "65333333-A115-11E2-9E9A-0800200CA100")!

    // MARK: Rules and classification

    func testBeltRuleNeedsTheNameAndOneOfTheBeltServices() {
        let rule = DiscoveryRule.belt
        XCTAssertTrue(rule.matches(Sighting.device("01:00:00:00:00:01", name: "naviGuertel 1234", services: [BLEUUID(0xFE51)])))
        XCTAssertTrue(rule.matches(Sighting.device("01:00:00:00:00:01", name: "NAVIGUERTEL", services: [Self.legacy])))
        XCTAssertFalse(rule.matches(Sighting.device("01:00:00:00:00:01", name: "Shimmer3R", services: [Self.legacy])),
                       "the legacy UUID also appears in unrelated products")
        XCTAssertFalse(rule.matches(Sighting.device("01:00:00:00:00:01", name: "naviGuertel", services: [BLEUUID(0x180F)])))
        XCTAssertFalse(rule.matches(Sighting.device("01:00:00:00:00:01", services: [BLEUUID(0xFE51)])),
                       "no name yet: not a match until the scan response brings it")
    }

    func testFuffrRuleIsACaseInsensitiveSubstring() {
        XCTAssertTrue(DiscoveryRule.touchCase.matches(Sighting.device("01:00:00:00:00:01", name: "my fuffr case")))
        XCTAssertTrue(DiscoveryRule.touchCase.matches(Sighting.device("01:00:00:00:00:01", name: "Neonode NN1001")))
        XCTAssertFalse(DiscoveryRule.touchCase.matches(Sighting.device("01:00:00:00:00:01", name: "Fitbit")))
    }

    func testAFixedAddressIsAnAllowlistOfOne() {
        let rule = DiscoveryRule(address: BluetoothAddress(string: "C4:7F:51:0A:1B:2C"), nameContains: ["naviGuertel"])
        XCTAssertTrue(rule.matches(Sighting.device("C4:7F:51:0A:1B:2C", name: "anything")))
        XCTAssertFalse(rule.matches(Sighting.device("C4:7F:51:0A:1B:2D", name: "naviGuertel 1", services: [BLEUUID(0xFE51)])))
    }

    func testARuleWithNothingInItMatchesNothing() {
        XCTAssertTrue(DiscoveryRule().matchesNothing)
        XCTAssertFalse(DiscoveryRule().matches(Sighting.device("01:00:00:00:00:01", name: "naviGuertel", services: [BLEUUID(0xFE51)])))
        XCTAssertTrue(DiscoveryRule(serviceUUIDs: [BLEUUID(0xFE51)]).matches(Sighting.device("01:00:00:00:00:01", services: [BLEUUID(0xFE51)])),
                      "a service-only rule needs no name")
    }

    func testClassifierNamesEachKind() {
        let classifier = DeviceClassifier.standard
        XCTAssertEqual(classifier.kind(of: Sighting.device("01:00:00:00:00:01", name: "naviGuertel 1", services: [BLEUUID(0xFE51)])), .belt)
        XCTAssertEqual(classifier.kind(of: Sighting.device("01:00:00:00:00:02", name: "Fuffr")), .touchCase)
        XCTAssertEqual(classifier.kind(of: Sighting.device("01:00:00:00:00:03", name: "Pencil")), .pencil)
        XCTAssertEqual(classifier.kind(of: Sighting.device("01:00:00:00:00:04", name: "Charcoal by 53")), .pencil)
        XCTAssertEqual(classifier.kind(of: Sighting.device("01:00:00:00:00:05", name: "naviGuertel")), .unknown,
                       "a belt name without a belt service is not a belt")
        XCTAssertEqual(classifier.kind(of: Sighting.device("01:00:00:00:00:06")), .unknown)
        XCTAssertEqual(DeviceKind.touchCase.description, "touch case")
        XCTAssertEqual(DeviceKind.touchCase.rawValue, "touch_case")
    }

    // MARK: Selector

    func testFixedAddressIsChosenOnSightAndNoOtherEver() {
        var selector = DeviceSelector(rule: DiscoveryRule(address: BluetoothAddress(string: "C4:7F:51:0A:1B:2C")))
        XCTAssertNil(selector.consider(Sighting.device("C4:7F:51:0A:1B:2D", rssi: -20, name: "naviGuertel"), now: .zero))
        XCTAssertNil(selector.poll(now: .seconds(60)))
        XCTAssertNil(selector.deadline)
        let chosen = selector.consider(Sighting.device("C4:7F:51:0A:1B:2C", rssi: -90), now: .seconds(61))
        XCTAssertEqual(chosen?.address.description, "C4:7F:51:0A:1B:2C")
        XCTAssertEqual(selector.chosen, chosen)
    }

    /// FuffrLib's rule (FFRTouchManager.m): the first match opens a 1 s window; the strongest wins.
    func testStrongestRSSIWithinTheWindowOfTheFirstMatchIsChosenWhenItCloses() {
        var selector = DeviceSelector(rule: .touchCase)
        XCTAssertNil(selector.consider(Sighting.device("01:00:00:00:00:01", rssi: -70, name: "Fuffr"), now: .milliseconds(100)))
        XCTAssertEqual(selector.deadline, .milliseconds(1100))
        XCTAssertEqual(selector.timeUntilDeadline(now: .milliseconds(400)), .milliseconds(700))
        XCTAssertNil(selector.consider(Sighting.device("01:00:00:00:00:02", rssi: -45, name: "Fuffr"), now: .milliseconds(500)))
        XCTAssertNil(selector.consider(Sighting.device("01:00:00:00:00:03", rssi: -30, name: "Fitbit"), now: .milliseconds(600)))
        XCTAssertNil(selector.poll(now: .milliseconds(1099)), "the window is still open")
        let chosen = selector.poll(now: .milliseconds(1100))
        XCTAssertEqual(chosen?.address.description, "01:00:00:00:00:02")
        XCTAssertNil(selector.deadline)
        XCTAssertNil(selector.consider(Sighting.device("01:00:00:00:00:04", rssi: -10, name: "Fuffr"), now: .seconds(2)),
                     "decided: later devices do not change the choice")
        XCTAssertEqual(selector.chosen?.address.description, "01:00:00:00:00:02")
    }

    func testEachCandidatesNewestRSSICountsAndTiesGoToTheFirstMatch() {
        var selector = DeviceSelector(rule: .touchCase)
        _ = selector.consider(Sighting.device("01:00:00:00:00:01", rssi: -40, name: "Fuffr"), now: .zero)
        _ = selector.consider(Sighting.device("01:00:00:00:00:02", rssi: -60, name: "Fuffr"), now: .milliseconds(200))
        _ = selector.consider(Sighting.device("01:00:00:00:00:01", rssi: -60, name: "Fuffr"), now: .milliseconds(300))
        XCTAssertEqual(selector.poll(now: .seconds(1))?.address.description, "01:00:00:00:00:01", "tie at -60: the earlier match")
    }

    func testAReportAtTheDeadlineIsTooLateForTheWindow() {
        var selector = DeviceSelector(rule: .touchCase)
        _ = selector.consider(Sighting.device("01:00:00:00:00:01", rssi: -80, name: "Fuffr"), now: .zero)
        let chosen = selector.consider(Sighting.device("01:00:00:00:00:02", rssi: -20, name: "Fuffr"), now: .seconds(1))
        XCTAssertEqual(chosen?.address.description, "01:00:00:00:00:01")
    }

    func testADeviceThatStopsMatchingDropsOutAndAnEmptyWindowChoosesNothing() {
        var selector = DeviceSelector(rule: .belt)
        let early = Sighting.device("01:00:00:00:00:01", rssi: -40, name: "naviGuertel", services: [BLEUUID(0xFE51)])
        _ = selector.consider(early, now: .zero)
        var renamed = early
        renamed.name = "vs-dev-board"
        XCTAssertNil(selector.consider(renamed, now: .milliseconds(500)))
        XCTAssertNil(selector.poll(now: .seconds(2)), "its only candidate left: nothing is chosen")
        XCTAssertNil(selector.chosen)
        XCTAssertNil(selector.deadline)
        let later = Sighting.device("01:00:00:00:00:02", rssi: -70, name: "naviGuertel 2", services: [Self.legacy])
        XCTAssertNil(selector.consider(later, now: .seconds(5)))
        XCTAssertEqual(selector.deadline, .seconds(7), "a new match opens a new window (the belt's is 2 s)")
        XCTAssertEqual(selector.poll(now: .seconds(7))?.address.description, "01:00:00:00:00:02")
    }

    func testNonMatchingDevicesAreNeverChosen() {
        var selector = DeviceSelector(rule: .belt)
        for step in 0..<50 {
            let device = Sighting.device("01:00:00:00:00:" + UInt8(step).hexDigits, rssi: -10, name: "Speaker \(step)")
            XCTAssertNil(selector.consider(device, now: .milliseconds(step * 100)))
            XCTAssertNil(selector.poll(now: .milliseconds(step * 100 + 50)))
        }
        XCTAssertNil(selector.chosen)
        XCTAssertNil(selector.deadline)
        var empty = DeviceSelector(rule: DiscoveryRule(selectionWindow: .zero))
        XCTAssertNil(empty.consider(Sighting.device("01:00:00:00:00:01", rssi: -10, name: "x"), now: .zero))
    }

    func testAZeroWindowChoosesTheFirstMatchAndResetStartsOver() {
        var selector = DeviceSelector(rule: DiscoveryRule(nameContains: ["Pencil"], selectionWindow: .zero))
        XCTAssertEqual(selector.consider(Sighting.device("01:00:00:00:00:01", name: "Pencil"), now: .seconds(3))?.name, "Pencil")
        selector.reset()
        XCTAssertNil(selector.chosen)
        XCTAssertEqual(selector.consider(Sighting.device("01:00:00:00:00:02", name: "Pencil"), now: .seconds(4))?.address.description,
                       "01:00:00:00:00:02")
    }
}
