/// Builds a recognizer from a type name (tap, long_press, swipe, pan, screen_edge_pan, pinch, rotation,
/// tap_swipe) and its parameters (docs/gestures.md, "Recognizers and their defaults"). A missing parameter
/// takes the project default; `null` means "no limit" where the parameter may be nil.
package enum RecognizerFactory {
    package static let types = ["tap", "long_press", "swipe", "pan", "screen_edge_pan", "pinch", "rotation", "tap_swipe"]

    package static func make(type: String, name: String, sides: Set<CaseSide>, params: JSONValue) -> GestureRecognizer? {
        func number(_ key: String, _ fallback: Double) -> Double {
            guard let value = params[key]?.double, value.isFinite else { return fallback }
            return value
        }
        func count(_ key: String, _ fallback: Int) -> Int {
            params[key]?.int ?? fallback
        }
        /// nil for an explicit null ("unlimited"), the default when absent.
        func limit(_ key: String, _ fallback: Double?) -> Double? {
            guard let value = params[key] else { return fallback }
            return value.double.flatMap { $0.isFinite ? $0 : nil }
        }
        switch type {
        case "tap":
            return TapGestureRecognizer(
                name: name, sides: sides,
                numberOfTapsRequired: count("numberOfTapsRequired", 1),
                numberOfTouchesRequired: count("numberOfTouchesRequired", 1),
                maximumTapDurationMs: number("maximumTapDurationMs", 350),
                maximumTapIntervalMs: number("maximumTapIntervalMs", 300),
                allowableMovement: number("allowableMovement", 0.03),
                maximumTapSeparation: number("maximumTapSeparation", 0.08))
        case "long_press":
            return LongPressGestureRecognizer(
                name: name, sides: sides,
                minimumPressDurationMs: number("minimumPressDurationMs", 500),
                allowableMovement: number("allowableMovement", 0.03),
                numberOfTouchesRequired: count("numberOfTouchesRequired", 1),
                numberOfTapsRequired: count("numberOfTapsRequired", 0),
                maximumTapIntervalMs: number("maximumTapIntervalMs", 300))
        case "swipe":
            let directions = params["directions"]?.array.map {
                Set($0.compactMap { $0.string.flatMap(SwipeGestureRecognizer.Direction.init(rawValue:)) })
            } ?? params["direction"]?.string.flatMap(SwipeGestureRecognizer.Direction.init(rawValue:)).map { [$0] }
            return SwipeGestureRecognizer(
                name: name, sides: sides, directions: directions ?? [.right],
                numberOfTouchesRequired: count("numberOfTouchesRequired", 1),
                minimumDistance: number("minimumDistance", 0.15),
                maximumDurationMs: number("maximumDurationMs", 500),
                minimumVelocity: number("minimumVelocity", 0),
                maximumAngleDeg: number("maximumAngleDeg", 30))
        case "pan":
            return PanGestureRecognizer(
                name: name, sides: sides,
                minimumNumberOfTouches: count("minimumNumberOfTouches", 1),
                maximumNumberOfTouches: params["maximumNumberOfTouches"]?.int,
                minimumTranslation: number("minimumTranslation", 0.02))
        case "screen_edge_pan":
            let edges = params["edges"]?.array.map { Set($0.compactMap { $0.string.flatMap(ScreenEdge.init(rawValue:)) }) }
            return ScreenEdgePanGestureRecognizer(
                name: name, sides: sides, edges: edges ?? [],
                edgeMargin: number("edgeMargin", 0.05),
                minimumTranslation: number("minimumTranslation", 0.02))
        case "pinch":
            return PinchGestureRecognizer(name: name, sides: sides, scaleThreshold: number("scaleThreshold", 0.05))
        case "rotation":
            return RotationGestureRecognizer(name: name, sides: sides,
                                             rotationThresholdRad: number("rotationThresholdRad", 0.05))
        case "tap_swipe":
            return TapSwipeGestureRecognizer(
                name: name, sides: sides,
                numberOfTapsRequired: count("numberOfTapsRequired", 1),
                numberOfTapTouchesRequired: count("numberOfTapTouchesRequired", 1),
                numberOfSwipeTouchesRequired: count("numberOfSwipeTouchesRequired", 1),
                minimumSwipeDistance: number("minimumSwipeDistance", 0.25),
                maximumStrokeGapMs: number("maximumStrokeGapMs", 500),
                tapAllowableMovement: number("tapAllowableMovement", 0.02),
                maximumTapDurationMs: limit("maximumTapDurationMs", nil))
        default:
            return nil
        }
    }
}
