/// A write to the belt, above the byte level (belt-protocol.md §4).
///
/// The navigation controller speaks in these; the belt link turns them into GATT writes
/// (or, on the simulated board, hands them to the simulated belt as they are).
public enum BeltCommand: Sendable, Hashable, CustomStringConvertible {
    case changeMode(BeltMode)
    /// 5–100 %, with or without the belt's confirmation vibration.
    case setDefaultIntensity(Int, feedback: Bool)
    case configureChannel(ChannelConfiguration)
    /// Stop one channel, or all when nil (`30 FF`).
    case stop(channel: UInt8?)
    case systemSignal(BeltSystemSignal)
    case setOrientationNotifications(Bool)
    case setCompassAccuracySignal(enabled: Bool, persistent: Bool)
    case requestCompassAccuracySignalState
    case requestBatteryStatus

    public var description: String {
        switch self {
        case .changeMode(let m): "mode \(m)"
        case .setDefaultIntensity(let i, let f): "default intensity \(i)%\(f ? " (feedback)" : "")"
        case .configureChannel(let c):
            "channel \(c.channel): \(c.pattern) toward \(c.orientation), \(c.periodMilliseconds) ms × \(c.iterations == 0 ? "∞" : String(c.iterations))"
        case .stop(let ch): ch.map { "stop channel \($0)" } ?? "stop all"
        case .systemSignal(let s): "system signal \(s)"
        case .setOrientationNotifications(let on): "orientation notifications \(on ? "on" : "off")"
        case .setCompassAccuracySignal(let e, let p): "compass accuracy signal \(e ? "on" : "off")\(p ? " (persistent)" : "")"
        case .requestCompassAccuracySignalState: "request compass accuracy signal state"
        case .requestBatteryStatus: "request battery status"
        }
    }
}
