import Platform
import XCTest

/// The Pi's supply from the text its kernel prints: `get_throttled`'s bits as Raspberry Pi's
/// documentation lists them, `rpi_volt`'s alarm, and the alarm that decides what is logged.
final class PiSupplyTests: XCTestCase {
    /// Each documented bit on its own, as the kernel prints it ("%x\n").
    func testEachDocumentedBitOfGetThrottledIsItsCondition() throws {
        let bits: [(String, ThrottledFlags, [String])] = [
            ("1\n", .underVoltage, ["under-voltage"]),
            ("2\n", .frequencyCapped, ["ARM frequency capped"]),
            ("4\n", .throttled, ["throttled"]),
            ("8\n", .softTemperatureLimit, ["soft temperature limit"]),
            ("10000\n", .underVoltageOccurred, []),
            ("20000\n", .frequencyCappingOccurred, []),
            ("40000\n", .throttlingOccurred, []),
            ("80000\n", .softTemperatureLimitOccurred, []),
        ]
        for (text, flag, words) in bits {
            let supply = try XCTUnwrap(PiSupply.firmware(text: text), text)
            XCTAssertEqual(supply.source, .firmware)
            XCTAssertEqual(supply.flags, flag, text)
            XCTAssertEqual(supply.flags.nowInWords, words, text)
            XCTAssertEqual(supply.isTroubled, !words.isEmpty, text)
        }
    }

    /// A sagging supply: under-voltage and throttled now, with their sticky bits; after it, only the
    /// sticky bits, which are not trouble now.
    func testASagAndItsAftermath() throws {
        let sag = try XCTUnwrap(PiSupply.firmware(text: "50005\n"))
        XCTAssertEqual(sag.flags, [.underVoltage, .throttled, .underVoltageOccurred, .throttlingOccurred])
        XCTAssertEqual(sag.flags.nowInWords, ["under-voltage", "throttled"])
        let after = try XCTUnwrap(PiSupply.firmware(text: "50000"))
        XCTAssertFalse(after.isTroubled)
        XCTAssertEqual(PiSupply.firmware(text: "0x50005")?.flags, sag.flags, "vcgencmd's 0x is tolerated")
        XCTAssertEqual(PiSupply.firmware(text: " 0\r\n")?.flags, [])
        XCTAssertEqual(PiSupply.firmware(text: "ffffffff\n")?.flags.rawValue, UInt32.max)
    }

    func testTextThatIsNotWhatTheKernelPrintsIsNoReading() {
        for text in ["", "\n", "throttled=0x50005", "0x", "123456789", "5000g", "-1", "５", "1 2", "0x0x1"] {
            XCTAssertNil(PiSupply.firmware(text: text), "\"\(text)\"")
        }
    }

    func testRpiVoltsAlarmIsUnderVoltageOrNothing() {
        XCTAssertEqual(PiSupply.hwmonAlarm(text: "1\n"), PiSupply(source: .hwmon, flags: .underVoltage))
        XCTAssertEqual(PiSupply.hwmonAlarm(text: "0\n"), PiSupply(source: .hwmon, flags: []))
        for text in ["", "2\n", "01", "yes", "1 1"] {
            XCTAssertNil(PiSupply.hwmonAlarm(text: text), "\"\(text)\"")
        }
    }

    /// The alarm warns when a condition starts or another joins it, not again while the same ones
    /// hold or fewer do, and says once when none has held for two readings in a row; the sticky bits
    /// alone are no trouble.
    func testTheAlarmSpeaksWhenTroubleStartsGrowsAndEnds() throws {
        func reading(_ text: String) throws -> PiSupply { try XCTUnwrap(PiSupply.firmware(text: text)) }
        var alarm = PiSupplyAlarm()
        XCTAssertNil(alarm.update(try reading("0")))
        XCTAssertNil(alarm.update(try reading("50000")), "what has occurred is not trouble now")
        XCTAssertEqual(alarm.update(try reading("10001")), .started(["under-voltage"]))
        XCTAssertNil(alarm.update(try reading("10001")))
        XCTAssertEqual(alarm.update(try reading("50005")), .started(["under-voltage", "throttled"]))
        XCTAssertNil(alarm.update(try reading("50004")), "fewer conditions: not a new warning")
        XCTAssertNil(alarm.update(try reading("50005")), "both were warned about already")
        XCTAssertNil(alarm.update(try reading("50000")), "one clear reading does not end it")
        XCTAssertEqual(alarm.update(try reading("50000")), .ended)
        XCTAssertNil(alarm.update(try reading("50000")))
    }

    /// `rpi_volt` sees only the 2 s before each reading: a supply that sags under bursts of load
    /// reads troubled and clear by turns, which is one episode, warned once and ended once.
    func testASagThatComesAndGoesIsOneEpisode() {
        var alarm = PiSupplyAlarm()
        let low = PiSupply(source: .hwmon, flags: .underVoltage), fine = PiSupply(source: .hwmon, flags: [])
        let changes = [low, fine, low, fine, low, fine, fine, fine].map { alarm.update($0) }
        XCTAssertEqual(changes, [.started(["under-voltage"]), nil, nil, nil, nil, nil, .ended, nil])
    }
}
