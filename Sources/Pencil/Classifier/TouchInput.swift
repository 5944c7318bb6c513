/// One touch sample for the classifier: the minimal shape any touch source (the Fuffr case, a
/// recording, a test) can produce without the classifier knowing the device.
///
/// - `id` identifies the touch while it lives; a source may reuse it after `ended`/`cancelled`.
/// - `x`, `y` are in points (1/160 in, UIKit's unit), because the SDK's distance thresholds are in
///   points (`Classification/ClassificationProxy.cpp`); the source scales its coordinates.
/// - `radius` (points) when the source measures contact size; nil otherwise (the pre-iOS-8 path).
/// - `at` is session time on the same clock as the pen's switch events (`PenSwitchEvent`).
package struct TouchInput: Sendable, Hashable {
    package var id: Int
    package var phase: TouchPhase
    package var x: Double
    package var y: Double
    package var radius: Double?
    package var at: Duration

    package init(id: Int, phase: TouchPhase, x: Double, y: Double, radius: Double? = nil, at: Duration) {
        self.id = id
        self.phase = phase
        self.x = x
        self.y = y
        self.radius = radius
        self.at = at
    }
}
