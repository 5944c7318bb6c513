import XCTest
@testable import BLE

/// Random and hostile PDUs from a peer: neither side crashes, every request gets exactly one
/// answer, and every client procedure completes exactly once.
final class GATTCoreFuzzTests: XCTestCase {
    /// xorshift64*: a fixed seed makes any failure reproducible.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            return state &* 2685821657736338717
        }
    }

    /// Mostly well-formed-looking PDUs (a real opcode, plausible lengths), some pure noise.
    static func randomPDU(_ g: inout Generator) -> [UInt8] {
        let opcodes: [UInt8] = ATTOpcode.allCases.map(\.rawValue) + [0x16, 0x18, 0x20, 0x52, 0xD2, 0x7F, 0x00]
        let length = Int.random(in: 0...30, using: &g)
        var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &g) }
        if Bool.random(using: &g) || bytes.isEmpty { bytes.insert(opcodes.randomElement(using: &g)!, at: 0) }
        return bytes
    }

    func testTheServerAnswersEveryRequestExactlyOnceAndNothingElse() {
        var g = Generator(state: 0x5EED_0001)
        var server = GATTServerCore(database: GATTOverSocketpairTests.database)
        for _ in 0..<20_000 {
            let pdu = Self.randomPDU(&g)
            let sends = server.receive(pdu).compactMap { output -> [UInt8]? in
                if case .send(let bytes) = output { return bytes } else { return nil }
            }
            guard let op = pdu.first, ATTOpcode.isRequest(op) else {
                XCTAssertEqual(sends, [], "no answer to a non-request \(pdu)")
                continue
            }
            XCTAssertEqual(sends.count, 1, "one answer to \(pdu)")
            guard let answer = sends.first, let decoded = try? ATTPDU(decoding: answer) else {
                return XCTFail("the server's own answer does not decode: \(sends)")
            }
            if case .errorResponse(let request, _, _) = decoded {
                XCTAssertEqual(request, op)
            } else {
                XCTAssertEqual(decoded.opcode.requestOpcode.rawValue, op, "\(decoded) answers \(pdu)")
            }
            XCTAssertLessThanOrEqual(answer.count, Int(server.mtu), "answers fit the MTU")
        }
    }

    func testTheClientCompletesEveryProcedureExactlyOnceWhateverThePeerSends() {
        var g = Generator(state: 0x5EED_0002)
        var client = GATTClientCore()
        var started: Set<GATTClientCore.RequestID> = []
        var completed: [GATTClientCore.RequestID] = []
        let procedures: [GATTProcedure] = [
            .exchangeMTU(517), .discoverPrimaryServices(nil), .discoverPrimaryServices(BLEUUID(0xFE51)),
            .discoverCharacteristics(ATTHandleRange(1, 40)), .discoverDescriptors(ATTHandleRange(3, 9)),
            .read(handle: 3), .write(handle: 4, value: [1, 0]),
        ]
        func collect(_ outputs: [GATTClientCore.Output]) {
            for case .completed(let id, _) in outputs { completed.append(id) }
        }
        var now = Duration.zero
        for round in 0..<5_000 {
            let (id, outputs) = client.start(procedures[round % procedures.count], now: now)
            started.insert(id)
            collect(outputs)
            for _ in 0..<Int.random(in: 1...6, using: &g) {
                now += .milliseconds(10)
                collect(client.receive(Self.randomPDU(&g), now: now))
            }
            if client.isDead { break }
        }
        now += .seconds(31)
        collect(client.tick(now: now))
        collect(client.linkClosed(reason: "end of test"))
        XCTAssertEqual(completed.count, started.count, "every procedure completed")
        XCTAssertEqual(Set(completed), started, "exactly once each")
    }

    func testAServerThatMakesNoProgressFailsDiscoveryInsteadOfLoopingForever() {
        var client = GATTClientCore()
        var (_, outputs) = client.start(.discoverPrimaryServices(nil), now: .zero)
        // The same group again and again: the second one is behind the cursor.
        let same = ATTPDU.readByGroupTypeResponse([ATTGroupData(handle: 1, endGroupHandle: 5, value: [0x00, 0x18])]).encoded()
        outputs = client.receive(same, now: .zero)
        XCTAssertEqual(outputs, [.send(ATTPDU.readByGroupTypeRequest(ATTHandleRange(6, 0xFFFF), type: .primaryService).encoded())])
        outputs = client.receive(same, now: .zero)
        guard case .completed(_, .failure(.invalidResponse)) = outputs.first else { return XCTFail("\(outputs)") }
    }

    func testResponsesWithoutARequestAreDroppedAndCounted() {
        var client = GATTClientCore()
        let outputs = client.receive(ATTPDU.readResponse([1, 2]).encoded(), now: .zero)
        XCTAssertEqual(outputs, [.dropped("readResponse with no request outstanding")])
        XCTAssertEqual(client.droppedPDUs, 1)
        XCTAssertFalse(client.isDead)
    }

    func testRequestsFromThePeerAreAnsweredSoItsTransactionsDoNotTimeOut() {
        var client = GATTClientCore()
        XCTAssertEqual(client.receive([0x0A, 0x01, 0x00], now: .zero),
                       [.send(ATTPDU.errorResponse(request: 0x0A, handle: 1, error: .invalidHandle).encoded())])
        XCTAssertEqual(client.receive([0x16, 0x01, 0x00, 0x00, 0x00], now: .zero),
                       [.send(ATTPDU.errorResponse(request: 0x16, handle: 0, error: .requestNotSupported).encoded())])
        XCTAssertEqual(client.receive([0x02, 0x40, 0x00], now: .zero),
                       [.send(ATTPDU.exchangeMTUResponse(serverRxMTU: 517).encoded())])
        XCTAssertEqual(client.mtu, 64)
    }

    func testIndicationsAreConfirmed() {
        var client = GATTClientCore()
        XCTAssertEqual(client.receive([0x1D, 0x03, 0x00, 0x07], now: .zero),
                       [.send([0x1E]), .indication(handle: 3, value: [7])])
    }

    func testWritesLongerThanOnePDUAreRefusedBeforeAnythingIsSent() {
        var client = GATTClientCore()
        let (id, outputs) = client.start(.write(handle: 3, value: Array(repeating: 0, count: 21)), now: .zero)
        XCTAssertEqual(outputs, [.completed(id, .failure(.valueTooLong(21, limit: 20)))])
        XCTAssertEqual(try? client.writeWithoutResponse(handle: 3, value: Array(repeating: 0, count: 21)).get(), nil)
    }
}
