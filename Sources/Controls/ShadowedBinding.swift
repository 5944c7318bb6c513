import Gestures

/// A `[gestures]` binding that can never fire because an earlier one takes every gesture it would
/// make: the same discrete gesture, with the same parameters (a key left out counts as its default),
/// on sides and touch classes the earlier one covers.
///
/// Why that never fires (`GestureBindingPipeline`, docs/gestures.md "Bindings"): the two recognizers
/// see the same touches and reach their decision in the same frame; the earlier one is registered
/// first, so it commits first and, by exclusivity (UIKit's default), fails every recognizer that
/// shares its touch. Drags are the exception: drags of one kind recognize simultaneously, so two
/// `pan-up` bindings on one side both step, and neither is shadowed.
///
/// A later binding on fewer sides or classes could still win only when a touch it does not see (on
/// another side, of another class) makes the earlier one fail in the same moment, such as a second
/// hand landing on another strip: no way to make a gesture on purpose, so it counts as shadowed.
public struct ShadowedBinding: Sendable, Hashable {
    /// The binding that never fires, by its index in the map.
    public let index: Int
    /// The earlier binding that takes its gestures.
    public let shadowedBy: Int
    /// The sides both are on (those of the shadowed binding).
    public let sides: Set<CaseSide>

    public init(index: Int, shadowedBy: Int, sides: Set<CaseSide>) {
        self.index = index
        self.shadowedBy = shadowedBy
        self.sides = sides
    }

    /// Every shadowed binding among `bindings`, each with the first binding that shadows it.
    public static func find(in bindings: [GestureBinding], sensedSides: Set<CaseSide>) -> [ShadowedBinding] {
        var found: [ShadowedBinding] = []
        for (later, binding) in bindings.enumerated() where !binding.gesture.isContinuous {
            let sides = binding.effectiveSides(sensed: sensedSides)
            guard !sides.isEmpty else { continue }
            let parameters = binding.effectiveParameters
            let classes = binding.touchClasses ?? Set(TouchClass.allCases)
            for earlier in bindings.indices where earlier < later {
                let other = bindings[earlier]
                guard other.gesture == binding.gesture,
                      sides.isSubset(of: other.effectiveSides(sensed: sensedSides)),
                      classes.isSubset(of: other.touchClasses ?? Set(TouchClass.allCases)),
                      other.effectiveParameters == parameters
                else { continue }
                found.append(ShadowedBinding(index: later, shadowedBy: earlier, sides: sides))
                break
            }
        }
        return found
    }
}
