/// The scripted delegate of a conformance scenario: a fixed `shouldBegin` answer and a set of touch
/// ids for which `shouldReceiveTouch` says no.
final class ScenarioDelegate: GestureRecognizerDelegate {
    let shouldBegin: Bool
    let deniedTouchIds: Set<Int>

    init(shouldBegin: Bool, deniedTouchIds: Set<Int>) {
        self.shouldBegin = shouldBegin
        self.deniedTouchIds = deniedTouchIds
    }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: TouchEvent) -> Bool {
        !deniedTouchIds.contains(touch.id)
    }
}
