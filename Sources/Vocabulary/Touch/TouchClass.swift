/// What touched the case, as the touch classifier decides it (FiftyThree's `FTTouchClassification`).
/// The gesture pipeline takes a class per touch and lets a recognizer restrict itself to some
/// classes, e.g. a swipe that only fingers may make; it does not classify.
package enum TouchClass: String, Sendable, Hashable, CaseIterable {
    case unknown, pen, eraser, finger, palm
}
