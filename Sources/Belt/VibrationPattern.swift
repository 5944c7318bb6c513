/// Vibration patterns of the channel-configuration command (belt-protocol.md §6.5).
public enum VibrationPattern: UInt8, Sendable, Hashable, CaseIterable {
    case noVibration = 0
    case continuous = 1
    case singleShort = 2
    case singleLong = 3
    case doubleShort = 4
    case doubleLong = 5
    case warning = 6
    case circularRight = 7
    case fadeOut = 8
    case destinationReached = 9
    case frontCross = 10
}

/// System signals the belt plays by itself (belt-protocol.md §6.8).
public enum BeltSystemSignal: UInt8, Sendable, Hashable, CaseIterable {
    case warning = 0
    case destinationReached = 1
    case batteryLevel = 2
}
