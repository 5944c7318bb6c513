/// The FiftyThree SDK's pairing model as a pure state machine (`FTPenManager.mm`): no BLE bonding,
/// an app-level "marriage" kept by the central ID written into the pen, "kiss to pair" with the tip
/// on the pairing spot, a long press on the spot to unpair, and reconnection when the pen advertises
/// that it is reconciling with us.
///
/// Fed inputs and the session time; returns actions. `deadline` says when `tick` is next due.
/// Left out (docs/pencil.md): firmware update, trial separation, the iOS-only "retrieve connected
/// peripherals" step (BlueZ has no system-connected pens to adopt).
package struct PenManager: Sendable {
    package struct Configuration: Sendable, Hashable {
        package var scanTimeout: Duration = .seconds(4)
        package var connectTimeout: Duration = .seconds(15)
        /// Tip and spot release must be closer than this (the SDK's release handshake).
        package var releaseWindow: Duration = .milliseconds(100)
        package var longPressToUnpair: Duration = .milliseconds(1500)
        /// Names a pen may carry (`FTPenManager.mm`); a pen advertising no name is accepted on its service UUID.
        package var names: Set<String> = ["Pencil", "Charcoal by 53"]
        package init() {}
    }

    package let configuration: Configuration
    /// This host's central ID (`PenCentralID`).
    package let centralID: UInt32
    package private(set) var phase: PenPairingPhase = .waitingForAdapter
    /// The remembered pen (the SDK's paired peripheral UUID), nil when unpaired.
    package private(set) var pairedPen: String?
    package private(set) var isSpotPressed = false
    /// The spot being held is the pair control, not a case touch.
    package private(set) var spotIsControl = false
    private var lastPublic: PenManagerState = .uninitialized

    package init(centralID: UInt32, pairedPen: String? = nil, configuration: Configuration = Configuration()) {
        self.centralID = centralID
        self.pairedPen = pairedPen
        self.configuration = configuration
    }

    package var state: PenManagerState { phase.publicState }
    package var deadline: Duration? { phase.deadline }

    /// The pen whose link is (or should be) open.
    package var linkedPen: String? {
        switch phase {
        case .datingAttemptingConnection(let p, _), .engaged(let p), .engagedWaitingForTipRelease(let p, _, _),
             .engagedWaitingForSpotRelease(let p, _, _), .married(let p), .marriedWaitingForLongPressToUnpair(let p, _, _),
             .separatedAttemptingConnection(let p, _), .disconnectingAndBecomingSingle(let p, _),
             .disconnectingAndBecomingSeparated(let p):
            p
        default: nil
        }
    }

    package mutating func handle(_ input: PenManagerInput, now: Duration) -> [PenManagerAction] {
        var out: [PenManagerAction] = []
        switch input {
        case .adapter(let on):
            if on { adapterOn(now: now, &out) } else { adapterOff(&out) }
        case .spotPressed(let viaControl):
            isSpotPressed = true
            spotIsControl = viaControl
            spotPressed(now: now, &out)
        case .spotReleased:
            isSpotPressed = false
            spotReleased(now: now, &out)
        case .discovered(let ad):
            discovered(ad, now: now, &out)
        case .connectionFailed(let pen):
            linkFailed(pen, now: now, failed: true, &out)
        case .disconnected(let pen):
            linkFailed(pen, now: now, failed: false, &out)
        case .ready(let pen):
            switch phase {
            case .datingAttemptingConnection(pen, _): phase = .engaged(pen: pen)
            case .separatedAttemptingConnection(pen, _): marry(pen, &out)
            default: break
            }
        case .tipNotPressed(let pen):
            if case .datingAttemptingConnection(pen, _) = phase {
                out.append(.tipReleasedTooEarly)
                disconnectAndBecomeSingle(pen, onDeck: nil, &out)
            }
        case .tip(let pressed):
            guard !pressed else { break }
            switch phase {
            case .engaged(let pen) where spotIsControl:
                // The pair control is held by the other hand: lifting the pen while it is held is the
                // handshake (there is no on-screen touch whose release could coincide).
                marry(pen, &out)
            case .engaged(let pen):
                phase = .engagedWaitingForSpotRelease(pen: pen, tipReleasedAt: now, until: now + configuration.releaseWindow)
            case .engagedWaitingForTipRelease(let pen, let spotAt, _):
                if now - spotAt < configuration.releaseWindow { marry(pen, &out) } else { handshakeFailed(pen, &out) }
            default: break
            }
        }
        publish(&out)
        return out
    }

    /// Timeouts due at `now`.
    package mutating func tick(now: Duration) -> [PenManagerAction] {
        guard let deadline, now >= deadline else { return [] }
        var out: [PenManagerAction] = []
        switch phase {
        case .datingScanning:
            out.append(.stopScanning)
            out.append(.failedToDiscoverPen)
            phase = .single
        case .datingAttemptingConnection(let pen, _):
            disconnectAndBecomeSingle(pen, onDeck: nil, &out)
        case .engagedWaitingForTipRelease(let pen, _, _), .engagedWaitingForSpotRelease(let pen, _, _):
            handshakeFailed(pen, &out)
        case .marriedWaitingForLongPressToUnpair(let pen, let onDeck, _):
            out.append(.stopScanning)
            out.append(.powerOff(pen: pen))
            forget(&out)
            disconnectAndBecomeSingle(pen, onDeck: onDeck, &out)
        case .separatedAttemptingConnection(let pen, _):
            out.append(.disconnect(pen: pen))
            phase = .disconnectingAndBecomingSeparated(pen: pen)
        case .separatedWaitingForLongPressToUnpair(_, let onDeck, _):
            out.append(.stopScanning)
            forget(&out)
            if let onDeck { date(onDeck, now: now, &out) } else { phase = .single }
        default: break
        }
        publish(&out)
        return out
    }

    // MARK: Transitions

    private mutating func adapterOn(now: Duration, _ out: inout [PenManagerAction]) {
        guard case .waitingForAdapter = phase else { return }
        if let pen = pairedPen {
            out.append(.startScanning)
            phase = .separated(pen: pen)
        } else if isSpotPressed {
            seek(now: now, &out)
        } else {
            phase = .single
        }
    }

    private mutating func adapterOff(_ out: inout [PenManagerAction]) {
        if let pen = linkedPen { out.append(.disconnect(pen: pen)) }
        // As in the SDK, any adapter state but powered-on clears the stored pairing.
        forget(&out)
        phase = .waitingForAdapter
    }

    private mutating func spotPressed(now: Duration, _ out: inout [PenManagerAction]) {
        switch phase {
        case .single:
            seek(now: now, &out)
        case .married(let pen):
            // A polling scan runs during the press, to find a pen to hand over to.
            out.append(.startScanning)
            phase = .marriedWaitingForLongPressToUnpair(pen: pen, onDeck: nil, until: now + configuration.longPressToUnpair)
        case .separated(let pen):
            phase = .separatedWaitingForLongPressToUnpair(pen: pen, onDeck: nil, until: now + configuration.longPressToUnpair)
        default: break
        }
    }

    private mutating func spotReleased(now: Duration, _ out: inout [PenManagerAction]) {
        switch phase {
        case .datingScanning:
            out.append(.stopScanning)
            phase = .single
        case .datingAttemptingConnection(let pen, _):
            disconnectAndBecomeSingle(pen, onDeck: nil, &out)
        case .engaged(let pen):
            phase = .engagedWaitingForTipRelease(pen: pen, spotReleasedAt: now, until: now + configuration.releaseWindow)
        case .engagedWaitingForSpotRelease(let pen, let tipAt, _):
            if now - tipAt < configuration.releaseWindow { marry(pen, &out) } else { handshakeFailed(pen, &out) }
        case .marriedWaitingForLongPressToUnpair(let pen, _, _):
            out.append(.stopScanning)
            phase = .married(pen: pen)
        case .separatedWaitingForLongPressToUnpair(let pen, _, _):
            phase = .separated(pen: pen)
        default: break
        }
    }

    private mutating func discovered(_ ad: PenAdvertisement, now: Duration, _ out: inout [PenManagerAction]) {
        if let name = ad.name, !configuration.names.contains(name) { return }
        switch phase {
        case .datingScanning:
            // The first pen that is free or already ours; no RSSI ranking.
            guard ad.isFree || ad.isReconciling(with: centralID) else { return }
            out.append(.stopScanning)
            date(ad.peripheral, now: now, &out)
        case .marriedWaitingForLongPressToUnpair(let pen, nil, let until) where ad.peripheral != pen && ad.isFree:
            phase = .marriedWaitingForLongPressToUnpair(pen: pen, onDeck: ad.peripheral, until: until)
        case .separatedWaitingForLongPressToUnpair(let pen, nil, let until) where ad.peripheral != pen && ad.isFree:
            phase = .separatedWaitingForLongPressToUnpair(pen: pen, onDeck: ad.peripheral, until: until)
        case .separated(let pen) where ad.peripheral == pen:
            if ad.isReconciling(with: centralID) {
                out.append(.stopScanning)
                out.append(.connect(pen: pen, requireTipPressed: false))
                phase = .separatedAttemptingConnection(pen: pen, until: now + configuration.connectTimeout)
            } else if !ad.isFree {
                // Our pen now belongs to another host: the pairing is severed.
                out.append(.stopScanning)
                forget(&out)
                phase = .single
            }
        default: break
        }
    }

    private mutating func linkFailed(_ failedPen: String, now: Duration, failed: Bool, _ out: inout [PenManagerAction]) {
        switch phase {
        case .datingAttemptingConnection(let pen, _) where pen == failedPen:
            // A drop while connecting is retried at once until the 15 s timeout.
            out.append(.connect(pen: pen, requireTipPressed: true))
        case .engaged(let pen) where pen == failedPen, .engagedWaitingForTipRelease(let pen, _, _) where pen == failedPen,
             .engagedWaitingForSpotRelease(let pen, _, _) where pen == failedPen:
            phase = .single
        case .married(let pen) where pen == failedPen, .marriedWaitingForLongPressToUnpair(let pen, _, _) where pen == failedPen:
            if case .marriedWaitingForLongPressToUnpair = phase { out.append(.stopScanning) }
            out.append(.startScanning)
            phase = .separated(pen: pen)
        case .separatedAttemptingConnection(let pen, _) where pen == failedPen:
            if failed {
                // A failure callback while reconnecting ends in "disconnect and become unpaired", as the
                // event tables of `FTPenManager.mm` read.
                forget(&out)
                phase = .single
            } else {
                out.append(.startScanning)
                phase = .separated(pen: pen)
            }
        case .disconnectingAndBecomingSingle(let pen, let onDeck) where pen == failedPen:
            if let onDeck { date(onDeck, now: now, &out) } else { phase = .single }
        case .disconnectingAndBecomingSeparated(let pen) where pen == failedPen:
            out.append(.startScanning)
            phase = .separated(pen: pen)
        default: break
        }
    }

    private mutating func seek(now: Duration, _ out: inout [PenManagerAction]) {
        out.append(.startScanning)
        phase = .datingScanning(until: now + configuration.scanTimeout)
    }

    private mutating func date(_ pen: String, now: Duration, _ out: inout [PenManagerAction]) {
        out.append(.connect(pen: pen, requireTipPressed: true))
        phase = .datingAttemptingConnection(pen: pen, until: now + configuration.connectTimeout)
    }

    private mutating func marry(_ pen: String, _ out: inout [PenManagerAction]) {
        if pairedPen != pen {
            pairedPen = pen
            out.append(.storePairing(pen: pen))
        }
        phase = .married(pen: pen)
        out.append(.married(pen: pen))
    }

    private mutating func handshakeFailed(_ pen: String, _ out: inout [PenManagerAction]) {
        out.append(.pairingHandshakeFailed)
        disconnectAndBecomeSingle(pen, onDeck: nil, &out)
    }

    private mutating func disconnectAndBecomeSingle(_ pen: String, onDeck: String?, _ out: inout [PenManagerAction]) {
        out.append(.disconnect(pen: pen))
        phase = .disconnectingAndBecomingSingle(pen: pen, onDeck: onDeck)
    }

    private mutating func forget(_ out: inout [PenManagerAction]) {
        guard pairedPen != nil else { return }
        pairedPen = nil
        out.append(.storePairing(pen: nil))
    }

    /// The delegate hears only changes of the public value (`penManagerStateDidChange:`).
    private mutating func publish(_ out: inout [PenManagerAction]) {
        let now = phase.publicState
        guard now != lastPublic else { return }
        lastPublic = now
        out.append(.stateChanged(now))
    }
}
