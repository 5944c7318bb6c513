/// The library-side navigation signals of FSLib-iOS `FSBeltVibrationSignal`, as guidance asks for them.
/// They are never sent as such: `Belt` maps each to a channel configuration (`channelConfiguration`).
package enum BeltVibrationSignal: Int, Sendable, Hashable, CaseIterable {
    case noVibration = 0
    case continuous
    case navigation
    case approachingDestination
    case turnOngoing
    case directionNotification
    case nextWaypointLongDistance
    case nextWaypointMediumDistance
    case nextWaypointShortDistance
    case nextWaypointAreaReached
    case destinationReachedRepeated
    case destinationReachedSingle
    case operationWarning
    case criticalWarning
    case batteryLevel

    /// Only repeated signals may be navigation signals (FSLib rejects the others).
    package var isRepeated: Bool { (0...4).contains(rawValue) || (6...10).contains(rawValue) }

    /// Directional signals point somewhere; the others ignore the direction.
    package var isDirectional: Bool { (1...9).contains(rawValue) }
}
