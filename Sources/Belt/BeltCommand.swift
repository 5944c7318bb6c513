/// A write to the belt, above the byte level.
///
/// The navigation controller speaks in these; the belt link turns them into GATT writes with
/// `encoded()` (Protocol/), or, on the simulated board, hands them to the simulated belt as they are.
package enum BeltCommand: Sendable, Hashable, CustomStringConvertible {
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

    /// Ask for a basic parameter (`01 <pid>`); the belt answers on FE06. The handshake asks
    /// for the mode, the default intensity and the heading offset (`BeltSession`).
    case requestParameter(BeltParameter)
    /// Ask for an advanced parameter (`10 01 <pid>`). The compass accuracy signal state has
    /// its own case, `requestCompassAccuracySignalState`, which the decoder returns for `10 01 03`.
    case requestAdvancedParameter(BeltAdvancedParameter)
    /// FSLib-iOS `changeHeadingOffset`: the basic write `01 83 lo hi`, degrees 0–359.
    case setHeadingOffset(Int)
    /// Write an advanced parameter, `11 <pid> <persist> <value…>`; `persistent` saves it on the
    /// belt (firmware ≥ 41). FSLib-Android writes the heading offset this way. Both-or-neither compass
    /// accuracy states decode as `setCompassAccuracySignal`, FSLib's form of the same bytes.
    case setAdvancedParameter(BeltAdvancedParameterValue, persistent: Bool)
    /// pybelt `rename`: `01 84 <suffix>`, at most 18 ASCII bytes; the belt then drops the link.
    case setNameSuffix(String)
    /// FSLib-iOS's firmware-4 front-range patch, the fixed write `11 0A 02 E1 00 A0 00 E1 00 01`.
    case applyFrontRangePatch
    /// Factory reset, testing only, firmware ≥ 43 (FSLib-Android `BeltCommunicationInterface.java`). A
    /// Bluetooth reset drops the link.
    case reset(parameters: Bool, bluetooth: Bool, sensors: Bool)
    /// The pulse command, FE03 `0x40`.
    case pulse(PulseConfiguration)
    /// The answer to a keep-alive notification on FE02.
    case answerKeepAlive
    /// A buzzer pattern of up to nine tones on FE07.
    case playSound([BuzzerTone])
    /// FE09 notifications on/off (pybelt `set_power_status_notifications`).
    case setBatteryNotifications(Bool)
    /// Read FE01.
    case requestFirmwareVersion
    /// The error-log request, FE13 `0B`; development firmware only (FSLib-iOS `FSBeltErrorLog.swift`).
    case requestErrorLog

    package var description: String {
        switch self {
        case .changeMode(let m): "mode \(m)"
        case .setDefaultIntensity(let i, let f): "default intensity \(i)%\(f ? " (feedback)" : "")"
        case .configureChannel(let c):
            "channel \(c.channel): \(c.pattern) toward \(c.orientation)\(c.intensity.map { " at \($0) %" } ?? ""), \(c.periodMilliseconds) ms × \(c.iterations == 0 ? "∞" : String(c.iterations))"
        case .stop(let ch): ch.map { "stop channel \($0)" } ?? "stop all"
        case .systemSignal(let s): "system signal \(s)"
        case .setOrientationNotifications(let on): "orientation notifications \(on ? "on" : "off")"
        case .setCompassAccuracySignal(let e, let p): "compass accuracy signal \(e ? "on" : "off")\(p ? " (persistent)" : "")"
        case .requestCompassAccuracySignalState: "request compass accuracy signal state"
        case .requestBatteryStatus: "request battery status"
        case .requestParameter(let p): "request \(p)"
        case .requestAdvancedParameter(let p): "request \(p)"
        case .setHeadingOffset(let d): "heading offset \(d)°"
        case .setAdvancedParameter(let v, let p): "\(v)\(p ? " (persistent)" : "")"
        case .setNameSuffix(let s): "rename with suffix \"\(s)\""
        case .applyFrontRangePatch: "apply the firmware-4 front-range patch"
        case .reset(let p, let b, let s):
            "reset \([p ? "parameters" : nil, b ? "Bluetooth" : nil, s ? "sensors" : nil].compactMap { $0 }.joined(separator: ", "))"
        case .pulse(let c):
            "pulse channel \(c.channel) toward \(c.orientation): \(c.pulseIterations) × \(c.onDurationMilliseconds) ms every \(c.seriesPeriodMilliseconds) ms × \(c.seriesIterations == 0 ? "∞" : String(c.seriesIterations))"
        case .answerKeepAlive: "keep-alive answer"
        case .playSound(let tones): "sound \(tones.map(\.description).joined(separator: ", "))"
        case .setBatteryNotifications(let on): "battery notifications \(on ? "on" : "off")"
        case .requestFirmwareVersion: "request firmware version"
        case .requestErrorLog: "request error log"
        }
    }
}
