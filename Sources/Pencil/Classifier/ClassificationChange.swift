/// A touch's class changed (the SDK's `FTTouchClassificationInfo`): possibly after the touch ended
/// (`docs/FiftyThreeSDK-QuickStart.md` in the SDK, step 6).
public struct ClassificationChange: Sendable, Hashable {
    /// The classifier's stable id for the touch (`idForTouch:`), unique for the session.
    public var touchID: Int
    /// The source's id of the touch (may be reused by later touches).
    public var inputID: Int
    public var oldValue: TouchClassification
    public var newValue: TouchClassification

    public init(touchID: Int, inputID: Int, oldValue: TouchClassification, newValue: TouchClassification) {
        self.touchID = touchID
        self.inputID = inputID
        self.oldValue = oldValue
        self.newValue = newValue
    }
}
