@testable import Pencil
import XCTest

/// FTTouchClassifier's timing windows and rules (`Classification/PenEvents.cpp`, `ClassificationProxy.cpp`).
/// Times in ms.
final class TouchClassifierTests: XCTestCase {
    private var c = TouchClassifier()
    private var changes: [ClassificationChange] = []

    override func setUp() {
        c = TouchClassifier()
        changes = []
        _ = c.setPenConnected(true, now: .zero)
    }

    private func ms(_ n: Int) -> Duration { .milliseconds(n) }
    private func touch(_ id: Int, _ phase: TouchPhase, at t: Int, x: Double = 100, y: Double = 100, radius: Double? = nil) {
        c.touch(TouchInput(id: id, phase: phase, x: x, y: y, radius: radius, at: ms(t)))
    }
    private func tip(_ down: Bool, at t: Int) { c.penSwitch(PenSwitchEvent(.tip, isPressed: down, at: ms(t))) }
    private func update(_ t: Int) { changes += c.update(now: ms(t)) }
    private func cls(_ id: Int) -> TouchClassification? { c.touchID(forInput: id).flatMap(c.classification(ofTouch:)) }

    /// A tip-down up to 8 cycles (133 ms) before the touch began is the touch's: 133 ms early → Pen.
    func testTipDown133msBeforeTheTouchMakesItThePen() {
        tip(true, at: 867)
        touch(1, .began, at: 1000)
        update(1010)
        XCTAssertEqual(cls(1), .pen)
        XCTAssertEqual(changes.map(\.newValue), [.pen])
        XCTAssertEqual(changes.first?.oldValue, .unknown)
    }

    /// 134 ms early is outside the window: not the pen; the short still tap is a finger.
    func testTipDown134msBeforeTheTouchIsNotThePen() {
        tip(true, at: 866)
        touch(1, .began, at: 1000)
        update(1010)
        XCTAssertEqual(cls(1), .unknown)
        touch(1, .ended, at: 1100)
        tip(false, at: 1090)
        update(1110)
        XCTAssertEqual(cls(1), .finger)
        XCTAssertFalse(changes.contains { $0.newValue == .pen })
    }

    /// Up side: a tip-up up to 133 ms after the touch ended keeps it the pen once the 137.5 ms
    /// "no matching up" decay would have ended it.
    func testTipUp133msAfterTheTouchEndedKeepsThePen() {
        touch(1, .began, at: 1000)
        tip(true, at: 1025)
        update(1030)
        touch(1, .ended, at: 1100)
        tip(false, at: 1233)
        update(1240)
        update(1390)
        XCTAssertEqual(cls(1), .pen)
        XCTAssertEqual(changes.map(\.newValue), [.pen])
    }

    /// 134 ms late is outside: the touch is reclassified (Pen → Finger) after it ended — a change the
    /// SDK reports after the end.
    func testTipUp134msAfterTheTouchEndedReclassifiesIt() {
        touch(1, .began, at: 1000)
        tip(true, at: 1025)
        update(1030)
        touch(1, .ended, at: 1100)
        update(1200)
        XCTAssertEqual(cls(1), .pen, "still inside the decay")
        tip(false, at: 1234)
        update(1240)
        XCTAssertEqual(cls(1), .finger)
        XCTAssertEqual(changes.map { [$0.oldValue, $0.newValue] }, [[.unknown, .pen], [.pen, .finger]])
    }

    /// The eraser switch makes an Eraser.
    func testEraserDownMakesAnEraser() {
        touch(1, .began, at: 1000)
        c.penSwitch(PenSwitchEvent(.eraser, isPressed: true, at: ms(1030)))
        update(1040)
        XCTAssertEqual(cls(1), .eraser)
    }

    /// Debounce: an up followed by a down within 5 ms is dropped as bounce.
    func testBounceIsDropped() {
        tip(true, at: 1000)
        tip(false, at: 1100)
        tip(true, at: 1104)
        c.penEvents.entries.forEach { _ in }
        update(1200)
        XCTAssertEqual(c.penEvents.entries.map(\.isDown), [true])
        XCTAssertEqual(c.penEvents.bouncesDropped, 1)
        tip(false, at: 1300)
        update(1304)
        XCTAssertEqual(c.penEvents.entries.count, 1, "an up is held 5 ms")
        update(1305)
        XCTAssertEqual(c.penEvents.entries.count, 2)
    }

    /// Palm: a touch resting before the pen, with the pen stroke concurrent, is the palm; the pen wins
    /// its down event.
    func testRestingHandIsPalmAndTheConcurrentStrokeIsPen() {
        touch(1, .began, at: 1000, x: 200, y: 200)
        update(1200)
        XCTAssertEqual(cls(1), .palm, "a still touch idle for > 137.5 ms")
        touch(2, .began, at: 1500, x: 100, y: 100)
        tip(true, at: 1525)
        update(1530)
        XCTAssertEqual(cls(2), .pen)
        XCTAssertEqual(cls(1), .palm)
    }

    /// Winner takes all: of two touches claiming one down event, the better-timed one is the pen.
    func testTwoTouchesClaimingOneDownEventOnlyOneIsPen() {
        touch(1, .began, at: 1000, x: 200)
        touch(2, .began, at: 1010, x: 100)
        tip(true, at: 1035)
        update(1040)
        XCTAssertEqual(cls(2), .pen)
        update(1200)
        XCTAssertEqual(cls(1), .palm)
    }

    /// Concurrent touches without any pen event are palms once the down window's 8 cycles have passed.
    func testConcurrentTouchesWithoutPenEventsArePalms() {
        touch(1, .began, at: 1000, x: 200)
        touch(2, .began, at: 1010, x: 100)
        touch(1, .moved, at: 1100, x: 230)
        touch(2, .moved, at: 1100, x: 130)
        update(1120)
        XCTAssertEqual(cls(1), .unknown)
        update(1150)
        XCTAssertEqual(cls(1), .palm)
        XCTAssertEqual(cls(2), .palm)
    }

    /// Finger: an isolated moving touch is a finger once it travelled 7 pt; a second touch makes it palm.
    func testMovingIsolatedTouchIsFingerUntilAnotherTouchJoins() {
        touch(1, .began, at: 1000, x: 100)
        touch(1, .moved, at: 1050, x: 106.9)
        update(1060)
        XCTAssertEqual(cls(1), .unknown, "6.9 pt")
        touch(1, .moved, at: 1070, x: 107.0)
        update(1080)
        XCTAssertEqual(cls(1), .finger)
        touch(2, .began, at: 1100, x: 300)
        update(1110)
        XCTAssertEqual(cls(1), .palm)
    }

    /// Finger rule for taps: isolated tap → finger; a still non-tap (300 ms) → palm.
    func testStillTouchesTapIsFingerAndLongerIsPalm() {
        touch(1, .began, at: 1000)
        touch(1, .ended, at: 1100)
        update(1110)
        XCTAssertEqual(cls(1), .finger)
        touch(2, .began, at: 3000)
        touch(2, .moved, at: 3100)
        touch(2, .moved, at: 3200)
        touch(2, .ended, at: 3300)
        update(3310)
        XCTAssertEqual(cls(2), .palm)
    }

    /// Isolation edge: a touch beginning 134 ms after a non-finger ended is not isolated (palm);
    /// 144 ms after it is isolated and, being past the tap rule's 143 ms, a finger.
    func testIsolationGapAfterAPalm() {
        for (gap, expected) in [(134, TouchClassification.palm), (140, .palm), (144, .finger)] {
            setUp()
            touch(1, .began, at: 1000, x: 200)
            touch(2, .began, at: 1000, x: 50)
            touch(1, .ended, at: 1300)
            touch(2, .ended, at: 1300)
            update(1310)
            XCTAssertEqual(cls(1), .palm)
            touch(3, .began, at: 1300 + gap)
            touch(3, .ended, at: 1300 + gap + 80)
            update(1300 + gap + 90)
            XCTAssertEqual(cls(3), expected, "gap \(gap) ms")
        }
    }

    /// Size rule: a contact radius above 30.29 pt is a palm at once.
    func testLargeContactIsPalm() {
        touch(1, .began, at: 1000, radius: 31)
        update(1001)
        XCTAssertEqual(cls(1), .palm)
    }

    /// Reclassification: a late switch-down turns a palm into the pen while the touch is under 2 s old.
    func testLateSwitchDownReclassifiesWithinTwoSeconds() {
        touch(1, .began, at: 1000)
        update(1200)
        XCTAssertEqual(cls(1), .palm)
        tip(true, at: 1900)
        update(1910)
        XCTAssertEqual(cls(1), .pen)
        XCTAssertEqual(changes.map { [$0.oldValue, $0.newValue] }, [[.unknown, .palm], [.palm, .pen]])
    }

    /// …but not once it is 2 s old.
    func testNoReclassificationAfterTwoSeconds() {
        touch(1, .began, at: 1000)
        update(1200)
        tip(true, at: 1950)
        update(3000)
        XCTAssertEqual(cls(1), .palm)
    }

    /// …nor 300 ms after it ended.
    func testNoReclassificationThreeHundredMillisecondsAfterTheEnd() {
        touch(1, .began, at: 1000)
        touch(1, .moved, at: 1100)
        touch(1, .ended, at: 1400)
        update(1410)
        XCTAssertEqual(cls(1), .palm)
        tip(true, at: 1650)        // inside the down window (tb + duration + 275 ms) but too late to change
        update(1700)
        XCTAssertEqual(cls(1), .palm)
    }

    /// Stability guard: a finger older than 300 ms is not turned into the pen.
    func testSettledFingerIsNotTurnedIntoThePen() {
        touch(1, .began, at: 1000, x: 100)
        touch(1, .moved, at: 1020, x: 120)
        update(1030)
        XCTAssertEqual(cls(1), .finger)
        tip(true, at: 1350)
        update(1360)
        XCTAssertEqual(cls(1), .finger)
    }

    /// Without a pen every touch is UnknownDisconnected and switch events are not logged;
    /// a pen connecting turns live touches Unknown without a report (old Unknown == new Unknown).
    func testWithoutAPenEverythingIsUnknownDisconnected() {
        var d = TouchClassifier()
        d.touch(TouchInput(id: 1, phase: .began, x: 0, y: 0, at: ms(1000)))
        d.penSwitch(PenSwitchEvent(.tip, isPressed: true, at: ms(1020)))
        XCTAssertEqual(d.update(now: ms(1030)), [])
        XCTAssertEqual(d.classification(ofTouch: d.touchID(forInput: 1) ?? -1), .unknownDisconnected)
        XCTAssertTrue(d.penEvents.entries.isEmpty)
        XCTAssertEqual(d.setPenConnected(true, now: ms(1040)), [])
        XCTAssertEqual(d.classification(ofTouch: d.touchID(forInput: 1) ?? -1), .unknown)
    }

    /// Bad input is dropped and counted: moves of unknown touches, non-finite coordinates.
    func testBadInputIsDroppedAndCounted() {
        touch(9, .moved, at: 1000)
        touch(1, .began, at: 1000, x: .nan)
        XCTAssertEqual(c.droppedInputs, 2)
        XCTAssertNil(c.touchID(forInput: 1))
        touch(2, .began, at: 1000)
        touch(2, .cancelled, at: 1010)
        XCTAssertNil(c.classification(ofTouch: c.touchID(forInput: 2) ?? -1), "cancelled touches leave classification")
    }

    /// After two fingers in this event, a quick third tap is a finger even inside the 143 ms tap gap.
    func testThirdQuickTapAfterTwoFingersIsFinger() {
        touch(1, .began, at: 1000, x: 100)
        touch(1, .moved, at: 1010, x: 120)
        touch(1, .ended, at: 1100, x: 120)
        update(1110)
        XCTAssertEqual(cls(1), .finger)
        touch(2, .began, at: 1300)
        touch(2, .ended, at: 1400)
        update(1410)
        XCTAssertEqual(cls(2), .finger)
        touch(3, .began, at: 1500)                  // 100 ms after touch 2 ended: isolated (previous was a finger)
        touch(3, .ended, at: 1560)
        update(1570)
        XCTAssertEqual(cls(3), .finger, "two fingers already in this event")
    }

    /// Tap rule: an isolated tap is Palm when another touch ended in the 143 ms before it began.
    func testTapRightAfterAFingerIsPalmWithoutTwoEarlierFingers() {
        touch(1, .began, at: 1000)
        touch(1, .ended, at: 1100)
        update(1110)
        XCTAssertEqual(cls(1), .finger)
        touch(2, .began, at: 1200)                  // 100 ms gap: isolated (previous finger) but < 143 ms
        touch(2, .ended, at: 1280)
        update(1290)
        XCTAssertEqual(cls(2), .palm)
    }

    /// The SDK's stable ids: a reused source id is a new touch with a new id, and the old one keeps its class.
    func testReusedSourceIDsGetNewStableIDs() {
        touch(1, .began, at: 1000)
        touch(1, .ended, at: 1100)
        update(1110)
        let first = c.touchID(forInput: 1)
        touch(1, .began, at: 2000)
        let second = c.touchID(forInput: 1)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(first.flatMap(c.classification(ofTouch:)), .finger)
        XCTAssertEqual(second.flatMap(c.classification(ofTouch:)), .unknown)
    }

    /// The timing functions at their peaks and cut-offs.
    func testLikelihoodShapes() {
        XCTAssertEqual(PenTiming.downLikelihood(0.025), 3, accuracy: 1e-9)
        XCTAssertGreaterThan(PenTiming.downLikelihood(-0.133), 0)
        XCTAssertEqual(PenTiming.downLikelihood(-0.134), 0)
        XCTAssertEqual(PenTiming.upLikelihood(-1.0 / 60), 3, accuracy: 1e-9)
        XCTAssertGreaterThan(PenTiming.upLikelihood(0.133), 0)
        XCTAssertEqual(PenTiming.upLikelihood(0.134), 0)
        XCTAssertEqual(PenTiming.durationFactor(switchOn: 0.3, touch: 0.3), 1)
        XCTAssertEqual(PenTiming.durationFactor(switchOn: 0.5, touch: 0.3), ((1.0 / 15 + 0.2) / (1.0 / 15 + 0.3)).squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(PenTiming.odds(0.2), 0.6 / 0.8001, accuracy: 1e-9)
    }
}
