/// The SDK's on-screen pairing spot, on a headless Pi (docs/pencil.md): what counts as "the spot is
/// pressed" for `PenManager`. Pure; fed case touches, the pair control and the pen's tip.
///
/// - The configured pair control (a GPIO button or a mapped gesture) is the spot while held.
/// - A case touch is the spot when it is the only live touch (a second one cancels, as in
///   `PairingSpotView`), and, when the pen is linked, only if the tip went down within 8 cycles
///   (133 ms) of the touch — the pen itself pressed on the case. While the pen is paired but away,
///   case touches are not the spot, so a long press on the case never unpairs an absent pen.
package struct PairingSpot: Sendable {
    /// Which case touches may act as the spot, decided by the pairing state.
    package enum CasePolicy: Sendable, Hashable {
        /// Unpaired: any lone touch (the pen is not linked, its tip is checked on connection).
        case anyLoneTouch
        /// Linked: a lone touch that coincides with a tip-down.
        case withTipDown
        case ignored

        package init(_ state: PenManagerState) {
            switch state {
            case .unpaired, .seeking, .connecting: self = .anyLoneTouch
            case .connected, .connectedLongPressToUnpair: self = .withTipDown
            default: self = .ignored
            }
        }
    }

    /// Tip-down and touch-down coincide when this close (the classifier's 8-cycle limit, `PenTiming`).
    package static let coincidence: Duration = .microseconds(133_333)

    package var casePolicy: CasePolicy = .anyLoneTouch
    package private(set) var isPressed = false
    private var heldBy: Holder?
    private var liveTouches: [Int: Duration] = [:]
    private var tipDownAt: Duration?
    private var controlHeld = false

    private enum Holder: Hashable { case control, touch(Int) }

    package init() {}

    package mutating func control(pressed: Bool) -> [PenManagerInput] {
        controlHeld = pressed
        if pressed, !isPressed { return press(.control) }
        if !pressed, heldBy == .control { return release() }
        return []
    }

    package mutating func tip(_ event: PenSwitchEvent) -> [PenManagerInput] {
        guard event.pen == .tip else { return [] }
        tipDownAt = event.isPressed ? event.at : nil
        // The touch came first and is still alone: the tip completes the press.
        if event.isPressed, casePolicy == .withTipDown, !isPressed, liveTouches.count == 1,
           let (id, began) = liveTouches.first, event.at - began <= Self.coincidence {
            return press(.touch(id))
        }
        return []
    }

    package mutating func touch(_ input: TouchInput) -> [PenManagerInput] {
        switch input.phase {
        case .began:
            liveTouches[input.id] = input.at
            if liveTouches.count > 1 {
                // A second simultaneous touch cancels the spot (the SDK's `PairingSpotView`).
                if case .touch = heldBy { return release() }
                return []
            }
            switch casePolicy {
            case .anyLoneTouch where !isPressed:
                return press(.touch(input.id))
            case .withTipDown where !isPressed:
                if let tip = tipDownAt, input.at - tip <= Self.coincidence { return press(.touch(input.id)) }
                return []
            default:
                return []
            }
        case .moved:
            return []
        case .ended, .cancelled:
            liveTouches[input.id] = nil
            if heldBy == .touch(input.id) { return release() }
            return []
        }
    }

    private mutating func press(_ holder: Holder) -> [PenManagerInput] {
        isPressed = true
        heldBy = holder
        return [.spotPressed(viaControl: holder == .control)]
    }

    private mutating func release() -> [PenManagerInput] {
        isPressed = false
        heldBy = nil
        return [.spotReleased]
    }
}
