import Foundation
import BLE
import Belt
import Pencil
import TouchCase

/// What the three peripherals send: the belt's notifications into the belt session, the Fuffr case's
/// touch records into the touch lifecycle, and the Pencil's characteristics into the pen link and the
/// pairing model.
enum DeviceTargets {
    /// Notifications (and write results) on every belt characteristic into a connected belt session,
    /// with time passing for its keep-alive and handshake timers, and the session's events into the
    /// navigation controller. Every notification that decodes re-encodes to bytes that decode to the
    /// same value; every write the session or the controller asks for decodes as a command (neither
    /// sends bytes the belt would refuse); what a person is shown of the battery is a charge, a power
    /// status and a time a battery can have, or absent; the intensity the controller follows stays
    /// within the belt's 5–100 %.
    static let beltSession = FuzzTarget(
        name: "belt-session",
        summary: "feelSpace naviBelt notifications and write results into the belt session"
    ) { input throws(FuzzViolation) in
        var session = BeltSession()
        var controller = BeltNavigationController()
        _ = try? controller.changeDefaultIntensity(60, feedback: false)
        _ = controller.setCompassAccuracySignalWanted(false)
        var now = Duration.zero
        var outputs = session.connecting() + session.linkEstablished()
        outputs += session.discovered(Set(BeltCharacteristic.allCases), now: now)
        var pending: [BeltWrite] = []
        func absorb(_ new: [BeltSession.Output]) throws(FuzzViolation) {
            for output in new {
                switch output {
                case .perform(let write):
                    if write.kind == .value {
                        try expect((try? BeltCommandDecoder.decode(write)) != nil, "the session wrote \(write), which no belt accepts")
                    }
                    pending.append(write)
                case .event(let event):
                    for case .send(let command) in controller.handle(event, now: now) {
                        try expect((try? BeltCommandDecoder.decode(command.encoded())) != nil,
                                   "the controller wrote \(command), which no belt accepts")
                    }
                    try expect(controller.defaultIntensity.map { (5...100).contains($0) } ?? true,
                               "the controller follows intensity \(controller.defaultIntensity ?? 0), outside 5–100")
                default:
                    break
                }
            }
            if let battery = session.battery {
                try expect(battery.levelPercent.map { (0...100).contains($0) } ?? true,
                           "\(battery) shows a charge of \(battery.levelPercent ?? 0) %")
                try expect(battery.timeSeconds.map { $0 >= 0 && $0 <= BeltBatteryStatus.longestTime } ?? true,
                           "\(battery) shows a time of \(battery.timeSeconds ?? 0) s")
                try expect(BeltPowerStatus.allCases.contains(battery.powerStatus), "\(battery) has no power status")
            }
        }
        try absorb(outputs)
        let characteristics = BeltCharacteristic.allCases
        while !input.isAtEnd {
            switch input.choose(8) {
            case 0:
                now += input.milliseconds() * 10
                try absorb(session.tick(now: now))
            case 1 where !pending.isEmpty:
                let write = pending.removeFirst()
                try absorb(session.completed(write, value: input.packet(maximum: 20), now: now))
            case 2 where !pending.isEmpty:
                try absorb(session.failed(pending.removeFirst(), reason: "fuzz", now: now))
            case 3 where input.choose(8) == 0:
                try absorb(session.linkLost(expected: false) + session.connecting() + session.linkEstablished()
                    + session.discovered(Set(characteristics), now: now))
                pending.removeAll()
            default:
                let characteristic = characteristics[input.choose(characteristics.count)]
                let bytes = input.packet(maximum: 24)
                if let notification = try? BeltNotificationDecoder.decode(characteristic, bytes) {
                    let again = try? BeltNotificationDecoder.decode(characteristic, notification.encoded().bytes)
                    try expect(again == notification, "\(notification) does not survive re-encoding")
                }
                try absorb(session.received(characteristic, bytes, now: now))
            }
        }
    }

    /// Touch records on the case's five touch characteristics (and anything on its others) into the
    /// touch lifecycle: every touch that moves or ends was begun, nothing begins twice, positions
    /// are finite, and the case is reconfigured and reconnected along the way.
    static let touchCase = FuzzTarget(
        name: "fuffr-touch",
        summary: "Fuffr case touch notifications into the touch lifecycle and observers"
    ) { input throws(FuzzViolation) in
        guard let all = TouchEnableCommand(sides: .all, touchesPerSide: TouchEnableCommand.maximumTouchesPerSide) else {
            throw FuzzViolation("the full enable command is refused")
        }
        var session = TouchCaseSession(command: all)
        var now = Duration.zero
        var down: Set<String> = []
        var pending: [GATTOperation] = []
        let characteristics = [FuffrGATT.enabler, FuffrGATT.batteryLevel] + FuffrGATT.touchCharacteristics
        func connect() -> [TouchCaseSession.Output] {
            session.connecting() + session.linkEstablished() + session.discovered(Set(characteristics), now: now)
        }
        func absorb(_ outputs: [TouchCaseSession.Output]) throws(FuzzViolation) {
            for output in outputs {
                switch output {
                case .perform(let operation):
                    pending.append(operation)
                case .touch(let touch):
                    let key = "\(touch.side)#\(touch.id)"
                    try expect(touch.x.isFinite && touch.y.isFinite, "a touch at \(touch.x), \(touch.y)")
                    switch touch.phase {
                    case .began: try expect(down.insert(key).inserted, "\(touch) began twice")
                    case .moved: try expect(down.contains(key), "\(touch) moved without beginning")
                    case .ended, .cancelled: try expect(down.remove(key) != nil, "\(touch) ended without beginning")
                    }
                case .stateChanged(let state) where state != .ready:
                    down.removeAll()
                default:
                    break
                }
            }
        }
        try absorb(connect())
        while !input.isAtEnd {
            switch input.choose(10) {
            case 0:
                now += input.milliseconds()
                try absorb(session.tick(now: now))
            case 1 where !pending.isEmpty:
                try absorb(session.completed(pending.removeFirst(), now: now))
            case 2 where !pending.isEmpty && input.choose(4) == 0:
                try absorb(session.failed(pending.removeFirst(), reason: "fuzz", now: now))
            case 3 where input.choose(4) == 0:
                let sides = CaseSides(rawValue: input.byte())
                if let command = TouchEnableCommand(sides: sides, touchesPerSide: input.choose(6)) {
                    try absorb(session.configure(command, now: now))
                }
            case 4 where input.choose(8) == 0:
                try absorb(session.linkLost(expected: false, now: now))
                pending.removeAll()
                try absorb(connect())
            default:
                now += .milliseconds(Int(input.choose(20)))
                try absorb(session.received(characteristics[input.choose(characteristics.count)], input.packet(maximum: 24), now: now))
            }
        }
    }

    /// The Pencil's characteristic values into the pen link, and radio events into the pairing model:
    /// values decode or are counted as malformed, the model's reported state is its state, and a pen
    /// is remembered only after it was married.
    static let pencil = FuzzTarget(
        name: "pencil",
        summary: "FiftyThree Pencil characteristic values and advertisements into the pen link and pairing model"
    ) { input throws(FuzzViolation) in
        var link = PenLink(requireTipPressed: true, centralID: 9, information: PenInformation(name: "Pencil"))
        var manager = PenManager(centralID: 9)
        var reported = manager.state
        var everMarried = false
        var now = Duration.zero
        _ = link.start(discovered: Set(PenCharacteristic.allCases))
        let characteristics = PenCharacteristic.allCases
        let pens = ["a", "b"]
        while !input.isAtEnd {
            now += input.milliseconds()
            let managerInput: PenManagerInput?
            switch input.choose(12) {
            case 0: managerInput = .adapter(poweredOn: input.choose(5) != 0)
            case 1: managerInput = .spotPressed(viaControl: input.choose(2) == 0)
            case 2: managerInput = .spotReleased
            case 3:
                let advertised = AdvertisingData.parse(input.packet(maximum: 31)).data
                managerInput = PenAdvertisement(peripheral: pens[input.choose(2)], data: advertised).map { .discovered($0) }
            case 4: managerInput = .connectionFailed(pen: pens[input.choose(2)])
            case 5: managerInput = .disconnected(pen: pens[input.choose(2)])
            case 6: managerInput = .ready(pen: pens[input.choose(2)])
            case 7: managerInput = .tip(pressed: input.choose(2) == 0)
            default:
                let (_, events) = link.received(characteristics[input.choose(characteristics.count)], input.packet(maximum: 24), now: now)
                managerInput = nil
                for event in events {
                    if case .switchChanged(let change) = event, change.pen == .tip {
                        _ = manager.handle(.tip(pressed: change.isPressed), now: now)
                    }
                }
                _ = link.timerFired(now: now)
            }
            var actions = managerInput.map { manager.handle($0, now: now) } ?? []
            actions += manager.tick(now: now)
            for action in actions {
                switch action {
                case .stateChanged(let state):
                    try expect(state != reported, "a state report without a change: \(state)")
                    reported = state
                case .married:
                    everMarried = true
                default:
                    break
                }
            }
            try expect(manager.state == reported, "the model is \(manager.state) but reported \(reported)")
            if manager.pairedPen != nil { try expect(everMarried, "a pen remembered without a marriage") }
        }
    }
}

/// The belt commands a person types for `wayfinder belt encode` (FSLib-style JSON lines).
enum BeltCommandTargets {
    /// One JSON object: a command the names accept encodes to bytes that decode to a command which
    /// encodes to the same bytes, and the bytes render back as FSLib names.
    static let fslibCommand = FuzzTarget(
        name: "belt-command",
        summary: "FSLib-style belt commands as JSON (wayfinder belt encode) through the encoder and decoder"
    ) { input throws(FuzzViolation) in
        guard let object = try? JSONDecoder().decode([String: JSONValue].self, from: Data(input.rest())),
              let command = try? FSLibCommandNames.command(from: object) else { return }
        let write = command.encoded()
        _ = FSLibCommandNames.object(for: write)
        _ = FSLibCommandNames.object(for: command)
        guard let decoded = try? BeltCommandDecoder.decode(write) else {
            throw FuzzViolation("\(command) encodes to \(write), which does not decode")
        }
        try expect(decoded.encoded() == write, "\(command) → \(write) → \(decoded) → \(decoded.encoded())")
    }
}
