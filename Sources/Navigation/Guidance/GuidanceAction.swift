/// What the navigation rules decide; the navigation actor carries each one out.
package enum GuidanceAction: Sendable, Hashable {
    /// Ask the belt actor's navigation controller for something.
    case belt(BeltRequest)
    /// Progress changed in a way worth persisting.
    case saveProgress(RouteProgress)
    /// Tell the log.
    case report(GuidanceEvent)
}
