@testable import Belt
import XCTest

/// The state signals on the wire: each distinct, each playable outside app mode, and none touching
/// the navigation channel.
final class WearerSignalTests: XCTestCase {
    func testEveryStateSignalIsDistinct() {
        let commands = WearerSignal.allCases.map(\.beltCommand)
        XCTAssertEqual(Set(commands).count, WearerSignal.allCases.count, "\(commands)")
    }

    /// Outside app mode the belt takes channel 0 with bounded iterations and no clearing
    /// (FSLib-iOS docs/README.md); the navigation signal on channel 2 is left alone.
    func testEveryStateSignalPlaysInAnyModeAndLeavesNavigationAlone() {
        for signal in WearerSignal.allCases {
            switch signal.beltCommand {
            case .configureChannel(let c):
                XCTAssertEqual(c.channel, 0, "\(signal)")
                XCTAssertGreaterThan(c.iterations, 0, "\(signal) must end by itself")
                XCTAssertFalse(c.clearOtherChannels, "\(signal)")
                if c.pattern.isBinaryMaskPattern, case .binaryMask = c.orientation { XCTFail("\(signal): FSLib-Android refuses this") }
            case .systemSignal:
                XCTAssertEqual(signal, .beltBatteryLow)
            default:
                XCTFail("\(signal): \(signal.beltCommand)")
            }
        }
    }

    func testGPSLostAndOffRouteAreFSLibsTwoWarnings() {
        XCTAssertEqual(WearerSignal.gpsLost.beltCommand, BeltNavigationController.warningCommand(critical: true))
        XCTAssertEqual(WearerSignal.offRoute.beltCommand, BeltNavigationController.warningCommand(critical: false))
        // FSLib-iOS / -Android notifyWarning bytes.
        XCTAssertEqual(WearerSignal.offRoute.beltCommand.encoded().bytes, bytes("00 06 19 00 00 00 01 00 00 00 00 02 F4 01 00 00 01 00"))
        XCTAssertEqual(WearerSignal.gpsLost.beltCommand.encoded().bytes, bytes("00 03 AA AA 00 00 00 11 11 00 00 03 BC 02 00 00 01 00"))
    }

    /// A signal in the middle of a walk leaves the navigation signal as it was, and the next
    /// update of the direction goes out as before.
    func testNavigationResumesAfterAStateSignal() throws {
        var c = BeltNavigationController()
        _ = c.handle(.modeChanged(.app), now: .zero)
        _ = c.handle(.connected, now: .zero)
        _ = try c.startNavigation(direction: 90, isMagneticBearing: true, signal: .navigation, now: .zero)
        XCTAssertEqual(c.notifyState(.touchCaseLost), [.send(WearerSignal.touchCaseLost.beltCommand)])
        XCTAssertEqual(c.state, .navigating)
        let next = try c.updateNavigationSignal(direction: 100, isMagneticBearing: true, signal: .navigation, now: .seconds(1))
        XCTAssertEqual(next, [.send(.configureChannel(ChannelConfiguration(channel: 2, pattern: .continuous,
                                                                            orientation: .magneticBearing(100), iterations: 0,
                                                                            periodMilliseconds: 500)))])
    }
}
