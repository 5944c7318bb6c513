import BLE
import BLETestKit
import Belt
import XCTest

/// The belt's session run by the device driver, as `GATTBeltLink` runs it, without sockets: the belt is
/// played by the test, answering FE05 parameter requests on FE06 like firmware 52 does.
final class BeltDeviceSessionTests: XCTestCase {
    private let table: [BLEUUID: [BLEUUID]] = [
        BeltService.control.uuid: [BeltCharacteristic.fe01, .fe02, .fe03, .fe04, .fe05, .fe06, .fe09].map(\.uuid),
    ]

    private func belt() -> EmbeddedGATTDevice<BeltSession> {
        EmbeddedGATTDevice(session: BeltSession(), peripheral: table)
    }

    /// The answers of a belt in wait mode: FE06 for each parameter request, FE01 for the firmware read.
    private func answer(_ d: inout EmbeddedGATTDevice<BeltSession>, answersModeRequest: Bool = true) {
        while let operation = d.inFlight {
            guard let write = BeltWrite(operation) else { return XCTFail("\(operation) is no belt operation") }
            switch (write.kind, write.bytes) {
            case (.readRequest, _):
                d.complete(value: write.characteristic == .fe01 ? [52, 0, 1] : [])
            case (.value, [0x01, 0x01]):
                d.complete()
                if !answersModeRequest { return }
                d.notify(BeltCharacteristic.fe06.uuid, [0x01, 0x01, BeltMode.wait.rawValue])
            case (.value, [0x01, 0x02]):
                d.complete()
                d.notify(BeltCharacteristic.fe06.uuid, [0x01, 0x02, 50])
            case (.value, [0x01, 0x03]):
                d.complete()
                d.notify(BeltCharacteristic.fe06.uuid, [0x01, 0x03, 45, 0])
            case (.value, [0x10, 0x01, 0x03]):
                d.complete()
                d.notify(BeltCharacteristic.fe06.uuid, [0x10, 0x03, 0x03])
            default:
                d.complete()
            }
        }
    }

    private var connectedEvents: [BeltSession.Output] {
        [.event(.modeChanged(.wait)), .event(.firmware(BeltFirmwareInfo(version: 52, variant: 1))),
         .event(.compassAccuracySignal(.everywhere)), .event(.connected)]
    }

    func testTheHandshakeRunsInPybeltsOrderAndEndsConnected() {
        var d = belt()
        d.connect()
        answer(&d)
        XCTAssertEqual(d.performed.compactMap(BeltWrite.init).map(\.description), [
            "fe02 CCCD 01 00", "fe06 CCCD 01 00", "fe05 01 01", "fe05 01 02", "read fe01", "fe05 01 03",
            "fe05 10 01 03", "fe04 CCCD 01 00", "fe09 CCCD 01 00",
        ])
        XCTAssertEqual(Array(d.events.filter { if case .event = $0 { true } else { false } }), connectedEvents)
        XCTAssertEqual(d.session.state, .connected)
        XCTAssertNil(d.driver.sessionDeadline, "connected, no step is timed")
    }

    /// The keep-alive answer goes ahead of the owner's queued commands (FSLib-iOS FSCommandManager.swift).
    func testTheKeepAliveAnswerJumpsTheQueue() {
        var d = belt()
        d.connect()
        answer(&d)
        let start = d.performed.count
        d.submit(BeltCommand.stop(channel: nil).encoded().gattOperation)
        d.submit(BeltCommand.systemSignal(.batteryLevel).encoded().gattOperation)
        d.notify(BeltCharacteristic.fe02.uuid, [0x00, BeltMode.wait.rawValue])
        d.completeAll()
        XCTAssertEqual(d.performed.dropFirst(start).compactMap(BeltWrite.init).map(\.description), [
            "fe03 30 FF", "fe02 00", "fe03 \(BeltHex.format(BeltCommand.systemSignal(.batteryLevel).encoded().bytes))",
        ])
        XCTAssertEqual(d.finished.count, 2)
    }

    /// A belt that never answers the mode request fails the handshake 1 s later (pybelt's
    /// WAIT_ACK_TIMEOUT_SEC); the session's failure closes the link.
    func testAStepWithoutAnswerFailsTheHandshakeAfterOneSecond() {
        var d = belt()
        d.connect()
        answer(&d, answersModeRequest: false)
        XCTAssertEqual(d.driver.sessionDeadline, .seconds(1))
        d.advance(by: .milliseconds(999))
        XCTAssertEqual(d.state, .connected)
        d.advance(by: .milliseconds(1))
        guard case .closed(let reason?, retryIn: nil)? = d.changes.last else { return XCTFail("\(d.changes)") }
        XCTAssertTrue(reason.hasPrefix("handshake failed"), reason)
        XCTAssertTrue(d.events.contains { if case .failed(.handshakeFailed) = $0 { true } else { false } })
    }

    func testAThingWithoutTheBeltsCharacteristicsIsRefused() {
        var d = belt()
        d.peripheral = [BeltService.control.uuid: [BeltCharacteristic.fe01.uuid]]
        d.connect()
        guard case .closed(let reason?, retryIn: nil)? = d.changes.last else { return XCTFail("\(d.changes)") }
        XCTAssertTrue(reason.contains("not a belt"), reason)
        XCTAssertEqual(d.performed, [])
    }
}
