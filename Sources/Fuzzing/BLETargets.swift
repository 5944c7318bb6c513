import BLE
import Simulation

/// The Bluetooth inputs: ATT PDUs from a peer into both GATT cores, the kernel's management events,
/// and advertising data from anything in radio range.
enum BLETargets {
    /// Any PDU that decodes re-encodes to bytes that decode to the same PDU.
    static let attPDU = FuzzTarget(
        name: "att-pdu",
        summary: "one ATT PDU from a peer: decode, re-encode, decode again"
    ) { input throws(FuzzViolation) in
        let bytes = input.rest()
        guard let pdu = try? ATTPDU(decoding: bytes) else { return }
        let again = try? ATTPDU(decoding: pdu.encoded())
        try expect(again == pdu, "\(pdu) re-encodes to \(pdu.encoded()), which decodes to \(String(describing: again))")
    }

    /// A central's PDUs into the GATT server of the simulated belt (the belt's real table): every
    /// request gets exactly one answer, the answer decodes, answers it and fits the MTU; nothing else
    /// is answered.
    static let attServer = FuzzTarget(
        name: "att-server",
        summary: "ATT PDUs from a central into the GATT server core (the simulated belt's table)"
    ) { input throws(FuzzViolation) in
        var server = GATTServerCore(database: BeltPeripheral.gattDatabase)
        while !input.isAtEnd {
            let pdu = input.packet(maximum: 64)
            let sends = server.receive(pdu).compactMap { output -> [UInt8]? in
                if case .send(let bytes) = output { bytes } else { nil }
            }
            guard let op = pdu.first, ATTOpcode.isRequest(op) else {
                try expect(sends.isEmpty, "an answer \(sends) to the non-request \(pdu)")
                continue
            }
            try expect(sends.count == 1, "\(sends.count) answers to \(pdu)")
            guard let answer = sends.first, let decoded = try? ATTPDU(decoding: answer) else {
                throw FuzzViolation("the server's answer \(sends) to \(pdu) does not decode")
            }
            if case .errorResponse(let request, _, _) = decoded {
                try expect(request == op, "an error response for \(request) answers \(op)")
            } else {
                // Every ATT response opcode is its request's plus one (Core Spec Vol 3 Part F §3.4.8 table).
                try expect(decoded.opcode.rawValue == op &+ 1, "\(decoded) answers \(pdu)")
            }
            try expect(answer.count <= Int(server.mtu), "a \(answer.count)-byte answer over the MTU \(server.mtu)")
        }
    }

    /// A peripheral's PDUs into the GATT client while it runs the procedures the belt, case and pen
    /// links use: every procedure started completes exactly once, whatever the peer sends, and a dead
    /// link completes the rest.
    static let attClient = FuzzTarget(
        name: "att-client",
        summary: "ATT PDUs from a peripheral into the GATT client core during discovery, reads and writes"
    ) { input throws(FuzzViolation) in
        var client = GATTClientCore()
        var started: Set<GATTClientCore.RequestID> = []
        var completed: [GATTClientCore.RequestID] = []
        var now = Duration.zero
        func collect(_ outputs: [GATTClientCore.Output]) {
            for case .completed(let id, _) in outputs { completed.append(id) }
        }
        while !input.isAtEnd {
            switch input.choose(4) {
            case 0:
                let procedures: [GATTProcedure] = [
                    .exchangeMTU(517), .discoverPrimaryServices(nil), .discoverPrimaryServices(BLEUUID(0xFE51)),
                    .discoverCharacteristics(ATTHandleRange(1, 0xFFFF)), .discoverDescriptors(ATTHandleRange(3, 9)),
                    .read(handle: input.uint16()), .write(handle: input.uint16(), value: input.packet(maximum: 24)),
                ]
                let (id, outputs) = client.start(procedures[input.choose(procedures.count)], now: now)
                started.insert(id)
                collect(outputs)
            case 1:
                now += input.milliseconds() * 20
                collect(client.tick(now: now))
            default:
                collect(client.receive(input.packet(maximum: 64), now: now))
            }
        }
        now += GATTClientCore.transactionTimeout + .seconds(1)
        collect(client.tick(now: now))
        collect(client.linkClosed(reason: "end of input"))
        try expect(completed.count == Set(completed).count, "a procedure completed twice: \(completed)")
        try expect(Set(completed) == started, "started \(started.count), completed \(Set(completed).count)")
    }

    /// A datagram from the kernel's management socket: decodes and re-encodes to the same bytes
    /// (the header's length is checked against the packet), and a Device Found event's advertising
    /// data goes through discovery and the device classifier.
    static let managementEvent = FuzzTarget(
        name: "mgmt-event",
        summary: "management socket events (Device Found with its EIR, keys, settings) into discovery"
    ) { input throws(FuzzViolation) in
        var discovery = DiscoverySession(controllerIndex: 0)
        _ = discovery.begin(now: .zero)
        _ = discovery.startFinished(.success, now: .zero)
        var now = Duration.zero
        while !input.isAtEnd {
            let packet = input.packet()
            now += .milliseconds(100)
            guard let frame = try? ManagementEventFrame(decoding: packet) else { continue }
            let again = try? ManagementEventFrame(decoding: frame.packet)
            try expect(again == frame, "\(frame) re-encodes to \(frame.packet), which decodes to \(String(describing: again))")
            for action in discovery.handle(frame, now: now) {
                if case .deviceUpdated(let device) = action { _ = DeviceClassifier.kind(of: device) }
            }
        }
    }

    /// Advertising data from any device in range: the strict parse agrees with the lenient one, and
    /// data that parsed without a problem re-encodes to bytes that parse back to the same data.
    static let advertisingData = FuzzTarget(
        name: "adv-data",
        summary: "advertising and scan-response data (EIR) from devices in range"
    ) { input throws(FuzzViolation) in
        let bytes = input.rest()
        let result = AdvertisingData.parse(bytes)
        _ = result.data.serviceUUIDs
        if let strict = try? AdvertisingData(parsing: bytes) {
            try expect(strict == result.data, "the strict and lenient parses disagree: \(strict) vs \(result.data)")
            try expect(result.errors.isEmpty, "strict parse succeeded but lenient reports \(result.errors)")
        }
        guard result.errors.isEmpty, let encoded = try? result.data.encoded(limit: 255) else { return }
        let again = AdvertisingData.parse(encoded)
        try expect(again.data == result.data && again.errors.isEmpty,
                   "\(result.data) re-encodes to \(encoded), which parses to \(again)")
    }
}
