/// One connection to one belt, from link-up to "connected" and after, as a pure state machine:
/// the handshake (`handshakeSteps`), the keep-alive answer, and the belt's state kept current from
/// its notifications.
///
/// The owner performs the GATT operations it returns one at a time and reports their completion;
/// it feeds every notification's bytes; it calls `tick` so step timeouts can fire. Decoding errors
/// are returned as `.protocolError` and dropped: a malformed packet never changes the state.
package struct BeltSession: Sendable {
    /// The connection states FSLib reports (FSLib-iOS `FSConnectionState`).
    package enum State: Sendable, Hashable, CustomStringConvertible {
        case notConnected, connecting, discoveringServices, handshake, connected

        package var description: String {
            switch self {
            case .notConnected: "not connected"
            case .connecting: "connecting"
            case .discoveringServices: "discovering services"
            case .handshake: "handshake"
            case .connected: "connected"
            }
        }
    }

    package enum Output: Sendable, Hashable {
        /// Perform this GATT operation (write, CCCD write or read); report it with `completed`/`failed`.
        case perform(BeltWrite)
        case stateChanged(State)
        /// What the belt said, for the navigation controller (mode first, then `.connected`).
        case event(BeltEvent)
        /// The connection attempt or the link failed; the owner closes the link.
        case failed(BeltLinkError)
        /// A notification that could not be decoded; logged and dropped.
        case protocolError(BeltProtocolError)
    }

    /// How long each handshake step may take (pybelt's `WAIT_ACK_TIMEOUT_SEC`, 1 s).
    package static let stepTimeout: Duration = .seconds(1)

    /// The characteristics a belt must have for us to use it.
    package static let requiredCharacteristics: Set<BeltCharacteristic> = [.fe01, .fe02, .fe03, .fe04, .fe05, .fe06, .fe09]

    package private(set) var state: State = .notConnected
    package private(set) var mode: BeltMode = .unknown
    package private(set) var defaultIntensity: Int?
    package private(set) var firmware: BeltFirmwareInfo?
    package private(set) var headingOffset: Int?
    package private(set) var compassAccuracySignal: CompassAccuracySignalState?
    package private(set) var battery: BeltBatteryStatus?
    package private(set) var orientation: BeltOrientationReport?
    /// Characteristics discovered on this belt.
    package private(set) var available: Set<BeltCharacteristic> = []
    /// Whether the belt is asked for its heading (FE0C). FSLib-iOS subscribes on every connection; a
    /// Pi on a battery asks only while something reads it, since each report wakes it twice a second.
    package private(set) var reportsOrientation: Bool
    /// The FE0C subscription last asked of this connection.
    private var orientationAsked = false

    private var steps: [Step] = []
    private var stepStarted: Duration = .zero
    private var operationDone = false

    /// One handshake step: an operation, and for requests the FE06 answer it waits for.
    struct Step: Sendable, Hashable {
        var operation: BeltWrite
        var awaits: BeltParameterKind?
        /// Optional steps are skipped on timeout or failure; required ones fail the handshake.
        var optional: Bool
    }

    enum BeltParameterKind: Sendable, Hashable {
        case mode, defaultIntensity, headingOffset, compassAccuracySignal
    }

    package init(reportsOrientation: Bool = false) {
        self.reportsOrientation = reportsOrientation
    }

    /// Starts or stops the belt's heading reports (FE0C). Connected, the CCCD write is returned at
    /// once; during the handshake it follows the handshake's end; not connected, the next connection
    /// asks for it. A belt without the sensor service has no reports to give.
    package mutating func setReportsOrientation(_ on: Bool) -> [Output] {
        reportsOrientation = on
        return state == .connected ? orientationSubscription() : []
    }

    private mutating func orientationSubscription() -> [Output] {
        guard available.contains(.fe0c), orientationAsked != reportsOrientation else { return [] }
        orientationAsked = reportsOrientation
        if !reportsOrientation { orientation = nil }
        return [.perform(.notifications(.fe0c, enabled: reportsOrientation))]
    }

    // MARK: Connection lifecycle

    /// The owner starts connecting (after discovery chose this belt).
    package mutating func connecting() -> [Output] {
        reset()
        return transition(to: .connecting)
    }

    /// The L2CAP/ATT link is up; the owner now discovers FE51, FE52 and FE53.
    package mutating func linkEstablished() -> [Output] {
        transition(to: .discoveringServices)
    }

    /// The owner found these belt characteristics. Starts the handshake, or fails if essentials are missing.
    package mutating func discovered(_ characteristics: Set<BeltCharacteristic>, now: Duration) -> [Output] {
        available = characteristics
        let missing = Self.requiredCharacteristics.subtracting(characteristics)
        guard missing.isEmpty else {
            let names = missing.map(\.rawValue).sorted().joined(separator: ", ")
            return fail(.connectionFailed("not a belt, or an unknown generation: \(names) missing"))
        }
        steps = handshakeSteps()
        return transition(to: .handshake) + startStep(now: now)
    }

    /// The link went down (or the connection attempt failed before any link).
    ///
    /// A link that ends while the belt's last word was standby (its power button held: FE04 with new
    /// mode 0, FE06 `01 01 00`, or a keep-alive in mode 0) was closed by the belt as it switched off:
    /// "the link is closed after a notification of the standby mode" (FSLib-iOS docs/README.md), which
    /// FSLib-iOS reports as `powerOff` rather than a lost connection (FSConnectionManager.swift). The
    /// mode is read here, before `reset` forgets it.
    package mutating func linkLost(expected: Bool) -> [Output] {
        let was = state
        let switchedOff = was == .connected && mode == .standby && !expected
        reset()
        guard was != .notConnected else { return [] }
        var out = transition(to: .notConnected)
        if switchedOff {
            out.append(.event(.switchedOff))
        } else if was == .connected {
            out.append(.event(.disconnected(expected: expected)))
            if !expected { out.append(.failed(.connectionLost)) }
        } else if !expected {
            out.append(.failed(.connectionFailed("the link dropped during \(was)")))
        }
        return out
    }

    // MARK: Operations and notifications

    /// The operation returned by the last `.perform` succeeded; `value` is what a read returned.
    package mutating func completed(_ operation: BeltWrite, value: [UInt8] = [], now: Duration) -> [Output] {
        var out: [Output] = []
        if operation.kind == .readRequest {
            out += received(operation.characteristic, value, now: now)
        }
        guard state == .handshake, let step = steps.first, step.operation == operation else { return out }
        operationDone = true
        if step.awaits == nil || answered(step.awaits!) {
            out += advance(now: now)
        }
        return out
    }

    /// The operation failed (a GATT error, a timeout in the transport).
    package mutating func failed(_ operation: BeltWrite, reason: String, now: Duration) -> [Output] {
        guard state == .handshake, let step = steps.first, step.operation == operation else { return [] }
        return stepFailed(step, reason: "\(operation) failed: \(reason)", now: now)
    }

    /// A notification (or read value) from the belt.
    package mutating func received(_ characteristic: BeltCharacteristic, _ bytes: [UInt8], now: Duration) -> [Output] {
        let notification: BeltNotification
        do {
            notification = try BeltNotificationDecoder.decode(characteristic, bytes)
        } catch {
            // A keep-alive we cannot read is still a keep-alive: answer it, or the belt may drop us.
            let answer: [Output] = characteristic == .fe02 ? [.perform(BeltCommand.answerKeepAlive.encoded())] : []
            return [.protocolError(error)] + answer
        }
        var out = apply(notification)
        if state == .handshake, let step = steps.first, operationDone, let awaited = step.awaits, answered(awaited) {
            out += advance(now: now)
        }
        return out
    }

    /// When the handshake step under way times out; nil outside the handshake.
    package var stepDeadline: Duration? {
        state == .handshake && !steps.isEmpty ? stepStarted + Self.stepTimeout : nil
    }

    /// Time passing: a handshake step that waited too long times out.
    package mutating func tick(now: Duration) -> [Output] {
        guard state == .handshake, let step = steps.first, now - stepStarted >= Self.stepTimeout else { return [] }
        return stepFailed(step, reason: "no answer within \(Self.stepTimeout)", now: now)
    }

    // MARK: Internals

    private mutating func apply(_ notification: BeltNotification) -> [Output] {
        let live = state == .connected
        switch notification {
        case .keepAlive(let newMode, _):
            // Answer at once, in every state: the belt may drop a central that does not.
            var out: [Output] = [.perform(BeltCommand.answerKeepAlive.encoded())]
            if newMode != mode {
                mode = newMode
                if live { out.append(.event(.modeChanged(newMode))) }
            }
            return out
        case .mode(let newMode):
            mode = newMode
            return live ? [.event(.modeChanged(newMode))] : []
        case .buttonPressed(let button, let press, let previous, let new):
            mode = new
            return live ? [.event(.buttonPressed(button, press, previousMode: previous, newMode: new))] : []
        case .defaultIntensity(let i), .advancedParameter(.defaultIntensity(let i)):
            defaultIntensity = i
            return live ? [.event(.defaultIntensity(i))] : []
        case .headingOffset(let d), .advancedParameter(.headingOffset(let d)):
            headingOffset = d
        case .advancedParameter(.compassAccuracySignal(let s)):
            compassAccuracySignal = s
            return live ? [.event(.compassAccuracySignal(s))] : []
        case .firmwareInfo(let f):
            firmware = f
        case .batteryStatus(let b):
            battery = b
            return live ? [.event(.battery(b))] : []
        case .orientation(let o):
            orientation = o
        default:
            break
        }
        return []
    }

    private func answered(_ kind: BeltParameterKind) -> Bool {
        switch kind {
        case .mode: mode != .unknown
        case .defaultIntensity: defaultIntensity != nil
        case .headingOffset: headingOffset != nil
        case .compassAccuracySignal: compassAccuracySignal != nil
        }
    }

    /// pybelt's `_handshake` sequence, with FE0C moved last and asked for only when the reports are
    /// wanted and the belt has the sensor service.
    private mutating func handshakeSteps() -> [Step] {
        var steps = [
            Step(operation: .notifications(.fe02, enabled: true), awaits: nil, optional: false),
            Step(operation: .notifications(.fe06, enabled: true), awaits: nil, optional: false),
            Step(operation: BeltCommand.requestParameter(.mode).encoded(), awaits: .mode, optional: false),
            Step(operation: BeltCommand.requestParameter(.defaultIntensity).encoded(), awaits: .defaultIntensity, optional: false),
            Step(operation: .read(.fe01), awaits: nil, optional: false),
            Step(operation: BeltCommand.requestParameter(.headingOffset).encoded(), awaits: .headingOffset, optional: true),
            Step(operation: BeltCommand.requestCompassAccuracySignalState.encoded(), awaits: .compassAccuracySignal, optional: true),
            Step(operation: .notifications(.fe04, enabled: true), awaits: nil, optional: false),
            Step(operation: .notifications(.fe09, enabled: true), awaits: nil, optional: false),
        ]
        if available.contains(.fe0c), reportsOrientation {
            orientationAsked = true
            steps.append(Step(operation: .notifications(.fe0c, enabled: true), awaits: nil, optional: true))
        }
        return steps
    }

    private mutating func startStep(now: Duration) -> [Output] {
        guard let step = steps.first else { return finishHandshake() }
        stepStarted = now
        operationDone = false
        return [.perform(step.operation)]
    }

    private mutating func advance(now: Duration) -> [Output] {
        steps.removeFirst()
        return startStep(now: now)
    }

    private mutating func stepFailed(_ step: Step, reason: String, now: Duration) -> [Output] {
        if step.optional { return advance(now: now) }
        return fail(.handshakeFailed(reason))
    }

    /// "Connected" once mode, default intensity and firmware are known. What the handshake read that
    /// the owner acts on at connection (the mode, the firmware, the compass accuracy signal) is
    /// reported before `.connected`; the battery after it.
    private mutating func finishHandshake() -> [Output] {
        guard mode != .unknown, defaultIntensity != nil, let firmware else {
            return fail(.handshakeFailed("mode, default intensity or firmware version still unknown"))
        }
        var out = transition(to: .connected)
        out += orientationSubscription()
        out.append(.event(.modeChanged(mode)))
        out.append(.event(.firmware(firmware)))
        if let compassAccuracySignal { out.append(.event(.compassAccuracySignal(compassAccuracySignal))) }
        out.append(.event(.connected))
        if let battery { out.append(.event(.battery(battery))) }
        return out
    }

    private mutating func fail(_ error: BeltLinkError) -> [Output] {
        reset()
        return [.failed(error)] + transition(to: .notConnected)
    }

    private mutating func transition(to new: State) -> [Output] {
        guard new != state else { return [] }
        state = new
        return [.stateChanged(new)]
    }

    private mutating func reset() {
        steps = []
        operationDone = false
        mode = .unknown
        defaultIntensity = nil
        firmware = nil
        headingOffset = nil
        compassAccuracySignal = nil
        battery = nil
        orientation = nil
        orientationAsked = false
        available = []
    }
}
