/// What each navigation signal becomes on the wire: a configuration of the belt's navigation channel.
extension BeltVibrationSignal {
    /// The channel-2 configuration for this navigation signal, or nil for "no vibration"
    /// and for signals that are not navigation signals.
    package func channelConfiguration(direction: Int, isMagneticBearing: Bool) -> ChannelConfiguration? {
        let toward: BeltOrientation = isMagneticBearing ? .magneticBearing(direction) : .angle(direction)
        let (pattern, period): (VibrationPattern, UInt16)
        switch self {
        case .continuous, .navigation: (pattern, period) = (.continuous, 500)
        case .approachingDestination: (pattern, period) = (.singleShort, 500)
        case .turnOngoing: (pattern, period) = (.singleLong, 750)
        case .nextWaypointLongDistance: (pattern, period) = (.singleLong, 3000)
        case .nextWaypointMediumDistance: (pattern, period) = (.singleLong, 1500)
        case .nextWaypointShortDistance: (pattern, period) = (.singleLong, 1000)
        case .nextWaypointAreaReached: (pattern, period) = (.singleLong, 750)
        case .destinationReachedRepeated:
            return ChannelConfiguration(channel: ChannelConfiguration.navigationChannel, pattern: .destinationReached,
                                        orientation: .motorIndex(0), iterations: 0, periodMilliseconds: 5000)
        default: return nil
        }
        return ChannelConfiguration(channel: ChannelConfiguration.navigationChannel, pattern: pattern,
                                    orientation: toward, iterations: 0, periodMilliseconds: period)
    }
}
