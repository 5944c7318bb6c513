/// UIKit's delegate hooks (`UIGestureRecognizerDelegate`). Every method has a default, so a delegate
/// implements only what it changes.
package protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer is about to leave `possible`; false makes it fail.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Asked once when a touch begins; false hides that touch from the recognizer for its life.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: TouchEvent) -> Bool
    /// One true from either side lets the pair recognize together.
    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool
    /// True: `recognizer` waits for `other` to fail.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool
    /// True: `other` waits for `recognizer` to fail.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    package func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    package func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: TouchEvent) -> Bool { true }
    package func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    package func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    package func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}
