/// The wearer's hand. Left-handed input is mirrored horizontally (x := 1 − x) before anything else
/// sees it, as FingerBlade mirrors its reference points for left-handed users (`CutPathGenerator.swift`), so
/// one configuration serves both hands.
package enum Handedness: String, Sendable, Hashable, CaseIterable {
    case right, left
}
