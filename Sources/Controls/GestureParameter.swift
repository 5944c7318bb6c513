import Gestures

/// A recognizer parameter a `[gestures]` binding may set, under its configuration key, with the
/// recognizer's own name for it (`RecognizerFactory`) and the range the loader accepts.
package struct GestureParameter: Sendable, Hashable {
    /// The key in the configuration, e.g. `min_duration_ms`.
    package let key: String
    /// The recognizer's parameter, e.g. `minimumPressDurationMs`.
    package let name: String
    package let range: ClosedRange<Double>
    /// Whole numbers only (touch and tap counts).
    package let isCount: Bool
    /// What the binding's recognizer uses when the key is left out (`RecognizerFactory`,
    /// `GestureBinding.makeRecognizer`), so a binding that writes the default is the same binding.
    package let defaultValue: Double

    init(_ key: String, _ name: String, _ range: ClosedRange<Double>, default defaultValue: Double, count: Bool = false) {
        self.key = key
        self.name = name
        self.range = range
        self.defaultValue = defaultValue
        isCount = count
    }

    static let touches = GestureParameter("touches", "numberOfTouchesRequired", 1...5, default: 1, count: true)
    static let movement = GestureParameter("allowable_movement", "allowableMovement", 0...1, default: 0.03)
    /// Travel per command of a continuous binding; not a recognizer's parameter (`TravelSteps`).
    static let step = GestureParameter("step", "step", 0.02...1, default: GestureBinding.defaultStep)
    static let dragStart = GestureParameter("min_distance", "minimumTranslation", 0.01...1, default: GestureBinding.defaultDragStart)

    /// What each gesture can be tuned with; everything else keeps the project default (docs/gestures.md).
    package static func allowed(for gesture: RecognizedGesture) -> [GestureParameter] {
        switch gesture {
        case .tap, .doubleTap:
            [touches, movement,
             GestureParameter("max_duration_ms", "maximumTapDurationMs", 10...5000, default: 350),
             GestureParameter("max_interval_ms", "maximumTapIntervalMs", 10...5000, default: 300)]
        case .longPress:
            [touches, movement, GestureParameter("min_duration_ms", "minimumPressDurationMs", 50...10_000, default: 500)]
        case .swipe:
            [touches,
             GestureParameter("min_distance", "minimumDistance", 0.01...1, default: 0.15),
             GestureParameter("max_duration_ms", "maximumDurationMs", 50...5000, default: 500),
             GestureParameter("min_velocity", "minimumVelocity", 0...100, default: 0),
             GestureParameter("max_angle_deg", "maximumAngleDeg", 1...89, default: 30)]
        case .tapThenSwipe:
            [GestureParameter("taps", "numberOfTapsRequired", 0...2, default: 1, count: true),
             GestureParameter("min_distance", "minimumSwipeDistance", 0.01...1, default: 0.25),
             GestureParameter("max_gap_ms", "maximumStrokeGapMs", 50...5000, default: 500)]
        case .pinch:
            [GestureParameter("threshold", "scaleThreshold", 0.01...1, default: 0.05)]
        case .rotation:
            [GestureParameter("threshold_rad", "rotationThresholdRad", 0.01...3, default: 0.05)]
        case .pan:
            [touches, dragStart, step]
        case .edgePan:
            [dragStart, step, GestureParameter("edge_margin", "edgeMargin", 0.01...0.5, default: 0.05)]
        }
    }
}
