/// Whom the route is for: Routino's `foot` or `wheelchair` profile (its `profiles.xml`). Both walk at
/// 4 km/h and ignore one-way streets; wheelchair never takes steps and keeps off the ways Routino's
/// default tagging closes to wheelchairs (primary roads among them).
package enum RoutingProfile: String, Sendable, Hashable, CaseIterable {
    case foot
    case wheelchair
}
