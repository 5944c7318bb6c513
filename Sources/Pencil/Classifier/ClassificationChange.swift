/// A touch's class changed (the SDK's `FTTouchClassificationInfo`): possibly after the touch ended
/// (`docs/FiftyThreeSDK-QuickStart.md` in the SDK, step 6).
package struct ClassificationChange: Sendable, Hashable {
    /// The classifier's stable id for the touch (`idForTouch:`), unique for the session.
    package var touchID: Int
    /// The source's id of the touch (may be reused by later touches).
    package var inputID: Int
    package var oldValue: TouchClassification
    package var newValue: TouchClassification

    package init(touchID: Int, inputID: Int, oldValue: TouchClassification, newValue: TouchClassification) {
        self.touchID = touchID
        self.inputID = inputID
        self.oldValue = oldValue
        self.newValue = newValue
    }
}
