/// The pen's two switches (FiftyThree SDK, `TouchClassifier.h`): the tip ("Tip 1") and the eraser ("Tip 2").
package enum PenSwitch: String, Sendable, Hashable, CaseIterable {
    case tip
    case eraser
}
