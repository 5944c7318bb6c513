import Config
import Navigation
import Platform
import WayfinderTestKit
import XCTest

/// `[devices.belt] compass_accuracy_signal = "auto" | true | false`, and what "auto" makes of the
/// heading source.
final class CompassAccuracySignalConfigTests: XCTestCase {
    let fixture = ConfigurationFixture(loader: ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles()))

    func testTheThreeValuesAreReadAndAutoIsTheDefault() throws {
        XCTAssertEqual(try fixture.load("").compassAccuracySignal, .auto)
        XCTAssertEqual(try fixture.load("[devices.belt]\ncompass_accuracy_signal = \"auto\"").compassAccuracySignal, .auto)
        XCTAssertEqual(try fixture.load("[devices.belt]\ncompass_accuracy_signal = true").compassAccuracySignal, .on)
        XCTAssertEqual(try fixture.load("[devices.belt]\ncompass_accuracy_signal = false").compassAccuracySignal, .off)
    }

    /// FSLib-iOS advises the signal off where signals are not relative to the belt's compass.
    func testAutoIsOffWithAnExternalHeadingAndOnWithTheBelts() {
        XCTAssertFalse(CompassAccuracySignalSetting.auto.enabled(headingSource: .external))
        XCTAssertTrue(CompassAccuracySignalSetting.auto.enabled(headingSource: .belt))
        XCTAssertTrue(CompassAccuracySignalSetting.on.enabled(headingSource: .external))
        XCTAssertFalse(CompassAccuracySignalSetting.off.enabled(headingSource: .belt))
    }

    func testAnythingElseIsRefusedWithItsLineAndTheChoices() {
        for value in ["\"sometimes\"", "1", "\"on\""] {
            let found = fixture.issues("[devices.belt]\ncompass_accuracy_signal = \(value)")
            XCTAssertEqual(found.map(\.keyPath), ["devices.belt.compass_accuracy_signal"], value)
            XCTAssertEqual(found.first?.line, 5, value)
            XCTAssertTrue(found.first?.message.hasPrefix("expected \"auto\", true or false, found ") == true, "\(value): \(found)")
        }
        XCTAssertEqual(fixture.issues("[devices.touch_case]\ncompass_accuracy_signal = true").map(\.keyPath),
                       ["devices.touch_case.compass_accuracy_signal"], "a belt key only")
    }

    func testItIsListedAmongTheSettingsAsReadAtStart() throws {
        let c = try fixture.load("[devices.belt]\ncompass_accuracy_signal = false")
        let setting = try XCTUnwrap(c.settings.first { $0.keyPath == "devices.belt.compass_accuracy_signal" })
        XCTAssertEqual(setting.value, "false")
        XCTAssertEqual(setting.effect, .restart)
    }
}
