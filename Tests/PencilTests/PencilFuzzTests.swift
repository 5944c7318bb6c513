@testable import Pencil
import XCTest

/// Bad input never crashes, and the cores keep their promises under arbitrary input (seeded, repeatable).
final class PencilFuzzTests: XCTestCase {
    /// A small deterministic generator (SplitMix64), so a failure repeats.
    private struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// Every characteristic with every length 0…24 of random bytes: decoded, ignored or rejected by
    /// length, never a crash; the unsigned fields accept exactly 1, 2 and 4 bytes.
    func testEveryCharacteristicAtEveryLength() {
        var r = Random(state: 53)
        for c in PenCharacteristic.allCases {
            for length in 0...24 {
                let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: r.next()) }
                let result = Result { try PenValueDecoder.decode(c, bytes) }
                if [.tipPressure, .eraserPressure, .batteryLevel].contains(c) {
                    XCTAssertEqual((try? result.get()) != nil, [1, 2, 4].contains(length), "\(c) \(length)")
                }
                if case .failure(let error) = result {
                    XCTAssertEqual((error as? PenDecodeError)?.length, length)
                }
            }
        }
    }

    /// Random inputs to the pairing model: the state it reports is always its state, each report is a
    /// change, and a remembered pairing exists only once a pen was married.
    func testPairingModelReportsOnlyRealChanges() {
        var r = Random(state: 7)
        let pens = ["a", "b"]
        for _ in 0..<200 {
            var m = PenManager(centralID: 9)
            var reported: PenManagerState = .uninitialized
            var now: Duration = .zero
            var everMarried = false
            for _ in 0..<60 {
                now += .milliseconds(r.below(2000))
                let pen = pens[r.below(2)]
                let input: PenManagerInput = switch r.below(10) {
                case 0: .adapter(poweredOn: r.below(5) != 0)
                case 1: .spotPressed(viaControl: r.below(2) == 0)
                case 2: .spotReleased
                case 3: .discovered(PenAdvertisement(peripheral: pen, name: "Pencil",
                                                     reconcilingCentral: [0, 1, 9, 77][r.below(4)]))
                case 4: .connectionFailed(pen: pen)
                case 5: .disconnected(pen: pen)
                case 6: .ready(pen: pen)
                case 7: .tipNotPressed(pen: pen)
                default: .tip(pressed: r.below(2) == 0)
                }
                let actions = m.handle(input, now: now) + m.tick(now: now)
                for case .stateChanged(let s) in actions {
                    XCTAssertNotEqual(s, reported, "a report without a change")
                    reported = s
                }
                if actions.contains(where: { if case .married = $0 { true } else { false } }) { everMarried = true }
                XCTAssertEqual(m.state, reported)
                if m.pairedPen != nil { XCTAssertTrue(everMarried) }
            }
        }
    }

    /// Random touches and switch events: the classifier never crashes, never reports old == new nor a
    /// change to UnknownDisconnected, and drops moves of touches it does not know.
    func testClassifierUnderRandomInput() {
        var r = Random(state: 11)
        var c = TouchClassifier()
        _ = c.setPenConnected(true, now: .zero)
        var now: Duration = .zero
        for _ in 0..<3000 {
            now += .milliseconds(r.below(40))
            switch r.below(6) {
            case 0: c.penSwitch(PenSwitchEvent(r.below(2) == 0 ? .tip : .eraser, isPressed: r.below(2) == 0, at: now))
            default:
                let phases: [TouchPhase] = [.began, .moved, .moved, .ended, .cancelled]
                c.touch(TouchInput(id: r.below(4), phase: phases[r.below(phases.count)], x: Double(r.below(300)),
                                   y: Double(r.below(300)), radius: r.below(4) == 0 ? Double(r.below(40)) : nil, at: now))
            }
            for change in c.update(now: now) {
                XCTAssertNotEqual(change.oldValue, change.newValue)
                XCTAssertNotEqual(change.newValue, .unknownDisconnected)
            }
        }
        XCTAssertGreaterThan(c.droppedInputs, 0, "moves of unknown ids were dropped")
    }
}
