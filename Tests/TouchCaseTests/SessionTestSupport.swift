import BLE
import TouchCase

extension TouchCaseSession {
    static let allCharacteristics: Set<BLEUUID> = Set([FuffrGATT.enabler] + FuffrGATT.touchCharacteristics)

    /// A session through discovery with every operation acknowledged: the case runs `command`.
    static func ready(_ command: TouchEnableCommand, at now: Duration = .zero) -> TouchCaseSession {
        var session = TouchCaseSession(command: command)
        _ = session.connecting()
        _ = session.linkEstablished()
        let outputs = session.discovered(allCharacteristics, now: now)
        for case .perform(let op) in outputs { _ = session.completed(op, now: now) }
        return session
    }

    static func ready(sides: CaseSides = .all, touchesPerSide: Int) -> TouchCaseSession {
        ready(TouchEnableCommand(sides: sides, touchesPerSide: touchesPerSide)!)
    }

    /// One notification on FFF2 of these records.
    mutating func feed(_ records: [TouchRecord], at ms: Int) -> [Output] {
        received(FuffrGATT.touchCharacteristics[0], records.flatMap(\.bytes), now: .milliseconds(ms))
    }
}

extension Array where Element == TouchCaseSession.Output {
    var touches: [TouchEvent] { compactMap { if case .touch(let t) = $0 { t } else { nil } } }
    var deliveries: [TouchDelivery] { compactMap { if case .delivery(let d) = $0 { d } else { nil } } }
    var operations: [GATTOperation] { compactMap { if case .perform(let o) = $0 { o } else { nil } } }
    var states: [TouchCaseSession.State] { compactMap { if case .stateChanged(let s) = $0 { s } else { nil } } }
    var failures: [String] { compactMap { if case .failed(let f) = $0 { f } else { nil } } }
}
