import Gestures

/// A `[gestures]` binding that can never fire because earlier ones take every gesture it would
/// make: the same discrete gesture, with the same parameters (a key left out counts as its default),
/// where every side and touch class it sees is one an earlier binding sees too — one earlier binding
/// or several between them (a tap on the left and a tap on the right shadow a tap on both).
///
/// Why that never fires (`GestureBindingPipeline`, docs/gestures.md "Bindings"): two such recognizers
/// see the same touches and reach their decision in the same frame; the earlier one is registered
/// first, so it commits first and, by exclusivity (UIKit's default), fails every recognizer that
/// shares its touch. Drags are the exception: drags of one kind recognize simultaneously, so two
/// `pan-up` bindings on one side both step, and neither is shadowed.
///
/// A later binding could still win only when a touch it does not see (on another side, of another
/// class) makes an earlier one fail in the same moment, such as a second hand landing on another
/// strip: no way to make a gesture on purpose, so it counts as shadowed.
package struct ShadowedBinding: Sendable, Hashable {
    /// The binding that never fires, by its index in the map.
    package let index: Int
    /// The earlier bindings that take its gestures, in the map's order: for each side and touch class
    /// it sees, the first earlier binding that sees it too (the one registered first, which wins).
    package let shadowedBy: [Int]
    /// The sides it is on.
    package let sides: Set<CaseSide>

    package init(index: Int, shadowedBy: [Int], sides: Set<CaseSide>) {
        self.index = index
        self.shadowedBy = shadowedBy
        self.sides = sides
    }

    /// A side and a touch class a recognizer sees.
    private struct Place: Hashable {
        let side: CaseSide
        let touchClass: TouchClass
    }

    /// Every shadowed binding among `bindings`, each with the earlier bindings that take its gestures.
    package static func find(in bindings: [GestureBinding], sensedSides: Set<CaseSide>) -> [ShadowedBinding] {
        func places(_ binding: GestureBinding) -> Set<Place> {
            let classes = binding.touchClasses ?? Set(TouchClass.allCases)
            return Set(binding.effectiveSides(sensed: sensedSides).flatMap { side in
                classes.map { Place(side: side, touchClass: $0) }
            })
        }
        var found: [ShadowedBinding] = []
        for (later, binding) in bindings.enumerated() where !binding.gesture.isContinuous {
            let sides = binding.effectiveSides(sensed: sensedSides)
            var uncovered = places(binding)
            guard !uncovered.isEmpty else { continue }
            let parameters = binding.effectiveParameters
            var takenBy: [Int] = []
            for earlier in bindings.indices where earlier < later && !uncovered.isEmpty {
                let other = bindings[earlier]
                guard other.gesture == binding.gesture, other.effectiveParameters == parameters else { continue }
                let taken = uncovered.intersection(places(other))
                guard !taken.isEmpty else { continue }
                uncovered.subtract(taken)
                takenBy.append(earlier)
            }
            if uncovered.isEmpty {
                found.append(ShadowedBinding(index: later, shadowedBy: takenBy, sides: sides))
            }
        }
        return found
    }
}
