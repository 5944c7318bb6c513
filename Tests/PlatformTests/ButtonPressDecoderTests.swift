import Platform
import XCTest

final class ButtonPressDecoderTests: XCTestCase {
    func edge(_ line: UInt32, _ e: GPIOEdge, _ ms: Double) -> GPIOEdgeEvent {
        GPIOEdgeEvent(offset: line, edge: e, timestamp: .microseconds(Int64(ms * 1000)))
    }

    /// 30 ms debounce, 800 ms long press, 400 ms double-press window; `doubleLines` wait for a second press.
    func decoder(doubleLines: Set<UInt32> = []) -> ButtonPressDecoder {
        ButtonPressDecoder(debounce: .milliseconds(30), longPress: .milliseconds(800),
                           doublePressWindow: .milliseconds(400), doublePressLines: doubleLines)
    }

    func feed(_ d: inout ButtonPressDecoder, _ edges: [GPIOEdgeEvent]) -> [ButtonPressDecoder.Press] {
        edges.flatMap { d.feed($0) }
    }

    func kinds(_ presses: [ButtonPressDecoder.Press]) -> [ButtonPressDecoder.Kind] { presses.map(\.kind) }

    // MARK: Single and long presses

    func testABouncingShortPressIsOnePress() {
        var d = decoder()
        let presses = feed(&d, [edge(17, .falling, 0), edge(17, .rising, 0.8), edge(17, .falling, 1.6), edge(17, .rising, 150)])
        XCTAssertEqual(presses, [.init(line: 17, kind: .single, length: .milliseconds(150), releasedAt: .milliseconds(150))])
    }

    func testHoldingPastTheThresholdIsALongPress() {
        var d = decoder()
        XCTAssertEqual(d.feed(edge(27, .falling, 1000)), [])
        XCTAssertEqual(kinds(d.feed(edge(27, .rising, 1900))), [.long])
    }

    func testLinesAreIndependentAndAReleaseWithoutPressIsIgnored() {
        var d = decoder()
        XCTAssertEqual(d.feed(edge(5, .rising, 0)), [])
        XCTAssertEqual(d.feed(edge(5, .falling, 100)), [])
        XCTAssertEqual(d.feed(edge(6, .falling, 110)), [])
        XCTAssertEqual(d.feed(edge(6, .rising, 200)).map(\.line), [6])
        XCTAssertEqual(kinds(d.feed(edge(5, .rising, 1000))), [.long])
    }

    // MARK: Double press

    func testAShortPressOnALineWithoutADoublePressBindingIsReportedAtReleaseWithNoDeadline() {
        var d = decoder(doubleLines: [27])
        XCTAssertEqual(d.feed(edge(17, .falling, 0)), [])
        XCTAssertEqual(kinds(d.feed(edge(17, .rising, 100))), [.single])
        XCTAssertNil(d.nextDeadline)
    }

    func testAShortPressOnADoublePressLineIsHeldBackUntilTheWindowClosesThenReportedAsSingle() {
        var d = decoder(doubleLines: [17])
        XCTAssertEqual(feed(&d, [edge(17, .falling, 0), edge(17, .rising, 100)]), [])
        XCTAssertEqual(d.nextDeadline, .milliseconds(500))
        XCTAssertEqual(d.advance(to: .milliseconds(499)), [])
        XCTAssertEqual(d.advance(to: .milliseconds(500)),
                       [.init(line: 17, kind: .single, length: .milliseconds(100), releasedAt: .milliseconds(100))])
        XCTAssertNil(d.nextDeadline)
        XCTAssertEqual(d.advance(to: .seconds(10)), [], "reported once")
    }

    func testASecondShortPressGoingDownInsideTheWindowIsOneDoublePress() {
        var d = decoder(doubleLines: [17])
        XCTAssertEqual(feed(&d, [edge(17, .falling, 0), edge(17, .rising, 100), edge(17, .falling, 450)]), [])
        XCTAssertEqual(d.nextDeadline, .milliseconds(1250), "the second press turning long reports the first as single")
        XCTAssertEqual(d.feed(edge(17, .rising, 560)),
                       [.init(line: 17, kind: .double, length: .milliseconds(110), releasedAt: .milliseconds(560))])
        XCTAssertNil(d.nextDeadline)
        XCTAssertEqual(d.advance(to: .seconds(10)), [])
    }

    func testASecondPressGoingDownWhenTheWindowHasClosedMakesTwoSinglePresses() {
        var d = decoder(doubleLines: [17])
        XCTAssertEqual(feed(&d, [edge(17, .falling, 0), edge(17, .rising, 100)]), [])
        // No advance in between: the second press's own timestamp closes the first one's window.
        XCTAssertEqual(d.feed(edge(17, .falling, 500)).map(\.releasedAt), [.milliseconds(100)])
        XCTAssertEqual(d.feed(edge(17, .rising, 600)), [])
        XCTAssertEqual(d.advance(to: .milliseconds(1000)).map(\.releasedAt), [.milliseconds(600)])
    }

    func testAThirdPressAfterADoublePressStartsAFreshPress() {
        var d = decoder(doubleLines: [17])
        let presses = feed(&d, [edge(17, .falling, 0), edge(17, .rising, 100), edge(17, .falling, 200),
                                edge(17, .rising, 300), edge(17, .falling, 400), edge(17, .rising, 500)])
        XCTAssertEqual(kinds(presses), [.double])
        XCTAssertEqual(kinds(d.advance(to: .milliseconds(900))), [.single])
    }

    func testALongPressThenAShortOneIsALongPressAtOnceThenAHeldBackSingle() {
        var d = decoder(doubleLines: [17])
        XCTAssertEqual(d.feed(edge(17, .falling, 0)), [])
        XCTAssertEqual(kinds(d.feed(edge(17, .rising, 900))), [.long], "a long press never waits")
        XCTAssertNil(d.nextDeadline)
        XCTAssertEqual(feed(&d, [edge(17, .falling, 1000), edge(17, .rising, 1100)]), [], "not the second of a double press")
        XCTAssertEqual(kinds(d.advance(to: .milliseconds(1500))), [.single])
    }

    func testAShortPressThenALongOneIsASingleWhenTheSecondTurnsLongThenALongPress() {
        var d = decoder(doubleLines: [17])
        XCTAssertEqual(feed(&d, [edge(17, .falling, 0), edge(17, .rising, 100), edge(17, .falling, 300)]), [])
        XCTAssertEqual(d.advance(to: .milliseconds(1099)), [])
        XCTAssertEqual(d.advance(to: .milliseconds(1100)).map(\.kind), [.single])
        XCTAssertNil(d.nextDeadline)
        XCTAssertEqual(d.feed(edge(17, .rising, 1400)),
                       [.init(line: 17, kind: .long, length: .milliseconds(1100), releasedAt: .milliseconds(1400))])
    }

    func testAShortPressThenALongOneFedWithoutAdvancingGivesTheSameSingleThenLong() {
        var d = decoder(doubleLines: [17])
        let presses = feed(&d, [edge(17, .falling, 0), edge(17, .rising, 100), edge(17, .falling, 300), edge(17, .rising, 1400)])
        XCTAssertEqual(kinds(presses), [.single, .long])
        XCTAssertEqual(presses.map(\.releasedAt), [.milliseconds(100), .milliseconds(1400)])
    }

    func testContactBounceAfterTheReleaseIsNotASecondPress() {
        var d = decoder(doubleLines: [17])
        // The release bounces at 10 and 20 ms after it: inside the 30 ms debounce, so dropped.
        let presses = feed(&d, [edge(17, .falling, 0), edge(17, .rising, 100), edge(17, .falling, 110),
                                edge(17, .rising, 120), edge(17, .falling, 125)])
        XCTAssertEqual(presses, [])
        XCTAssertEqual(d.nextDeadline, .milliseconds(500), "still the first release's window")
        XCTAssertEqual(kinds(d.advance(to: .milliseconds(500))), [.single])
    }

    func testABouncingSecondPressIsStillOneDoublePress() {
        var d = decoder(doubleLines: [17])
        let presses = feed(&d, [edge(17, .falling, 0), edge(17, .rising, 100), edge(17, .falling, 300),
                                edge(17, .rising, 301), edge(17, .falling, 302), edge(17, .rising, 420)])
        XCTAssertEqual(kinds(presses), [.double])
    }

    func testInterleavedLinesEachMakeTheirOwnPressesInTheOrderTheyHappened() {
        var d = decoder(doubleLines: [17, 27])
        var presses = feed(&d, [
            edge(17, .falling, 0), edge(27, .falling, 50), edge(17, .rising, 100),   // 17: first press
            edge(27, .rising, 150),                                                   // 27: first press
            edge(5, .falling, 200), edge(5, .rising, 260),                            // 5: no double binding
            edge(27, .falling, 300), edge(27, .rising, 380),                          // 27: second → double
        ])
        XCTAssertEqual(presses.map(\.line), [5, 27])
        XCTAssertEqual(kinds(presses), [.single, .double])
        XCTAssertEqual(d.nextDeadline, .milliseconds(500))
        // Another line's press at 550–600 ms: 17's window closed at 500, so its press comes out first.
        presses = feed(&d, [edge(6, .falling, 550), edge(6, .rising, 600)])
        XCTAssertEqual(presses.map(\.line), [17, 6])
        XCTAssertEqual(presses.map(\.releasedAt), [.milliseconds(100), .milliseconds(600)])
    }

    func testTheNextDeadlineIsTheEarliestOfAllLinesAndAdvanceReportsThemInDeadlineOrder() {
        var d = decoder(doubleLines: [17, 22, 27])
        XCTAssertNil(d.nextDeadline)
        _ = feed(&d, [edge(27, .falling, 0), edge(27, .rising, 200), edge(22, .falling, 120), edge(22, .rising, 220),
                      edge(17, .falling, 150), edge(17, .rising, 250)])
        XCTAssertEqual(d.nextDeadline, .milliseconds(600))
        XCTAssertEqual(d.advance(to: .milliseconds(610)).map(\.line), [27])
        XCTAssertEqual(d.nextDeadline, .milliseconds(620))
        XCTAssertEqual(d.advance(to: .seconds(5)).map(\.line), [22, 17])
        XCTAssertNil(d.nextDeadline)
    }

    func testAnEarlierTimeThanThePreviousOneReportsNothingNew() {
        var d = decoder(doubleLines: [17])
        _ = feed(&d, [edge(17, .falling, 1000), edge(17, .rising, 1100)])
        XCTAssertEqual(d.advance(to: .zero), [])
        XCTAssertEqual(d.advance(to: .milliseconds(-5)), [])
        XCTAssertEqual(d.nextDeadline, .milliseconds(1500))
    }

    func testAnEventClockThatStepsBackReportsTheHeldBackPressAsSingleAtTheNextPress() {
        var d = decoder(doubleLines: [17])
        _ = feed(&d, [edge(17, .falling, 5000), edge(17, .rising, 5100)])
        XCTAssertEqual(kinds(d.feed(edge(17, .falling, 10))), [.single])
        XCTAssertEqual(d.feed(edge(17, .rising, 110)), [])
        XCTAssertEqual(d.nextDeadline, .milliseconds(510))
    }

    func testTimestampsAtTheEndsOfDurationsRangeNeitherTrapNorLoseTheHeldBackPress() {
        let top = Duration(attoseconds: .max)
        let bottom = Duration(attoseconds: .min)
        var d = decoder(doubleLines: [17])
        _ = d.feed(GPIOEdgeEvent(offset: 17, edge: .falling, timestamp: bottom))
        XCTAssertEqual(kinds(d.feed(GPIOEdgeEvent(offset: 17, edge: .rising, timestamp: top - .milliseconds(100)))), [.long])
        // A short press near the top: its window would end past the top, so its deadline is the top.
        _ = d.feed(GPIOEdgeEvent(offset: 17, edge: .falling, timestamp: top - .milliseconds(50)))
        _ = d.feed(GPIOEdgeEvent(offset: 17, edge: .rising, timestamp: top - .milliseconds(10)))
        XCTAssertEqual(d.nextDeadline, top)
        XCTAssertEqual(kinds(d.advance(to: top)), [.single])
        _ = d.feed(GPIOEdgeEvent(offset: 17, edge: .falling, timestamp: bottom))
        XCTAssertEqual(d.advance(to: bottom), [])
    }
}
