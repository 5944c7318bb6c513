/// A pan that must start near an edge of the unit square (UIKit's `UIScreenEdgePanGestureRecognizer`),
/// tracking only its first touch. UIKit leaves `edges` empty by default (so it never begins until set)
/// and does not publish the margin; the project uses 0.05.
package final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    package var edges: Set<ScreenEdge>
    package var edgeMargin: Double

    package init(name: String, sides: Set<CaseSide> = Set(CaseSide.allCases), edges: Set<ScreenEdge> = [],
                edgeMargin: Double = 0.05, minimumTranslation: Double = 0.02) {
        self.edges = edges
        self.edgeMargin = edgeMargin
        super.init(name: name, sides: sides, minimumNumberOfTouches: 1, maximumNumberOfTouches: 1,
                   minimumTranslation: minimumTranslation)
    }

    override func accepts(_ touch: TrackedTouch) -> Bool {
        attempt.isEmpty
    }

    override func update(now: Double) -> GestureProposal {
        if let first = tracked.first, first.isNew,
           !edges.contains(where: { $0.contains(first.down, margin: edgeMargin) }) {
            return .fail
        }
        return super.update(now: now)
    }
}
