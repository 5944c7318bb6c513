/// What the belt sends: notifications, plus the values of the two reads (FE01
/// firmware, FE09 battery, which is also notified).
///
/// Decoded by `BeltNotificationDecoder`; `encoded()` gives the bytes back (for the belt simulator).
package enum BeltNotification: Sendable, Hashable, CustomStringConvertible {
    /// FE01 read value.
    case firmwareInfo(BeltFirmwareInfo)
    /// FE02: byte 1 is the belt's mode; byte 0's meaning is unknown, kept as `status`.
    /// Every keep-alive must be answered (`BeltCommand.answerKeepAlive`) — also one that fails to
    /// decode, whose error still names FE02.
    case keepAlive(mode: BeltMode, status: UInt8 = 0)
    /// FE04: the mode before and after the press. The press type is FE04 byte 1, which
    /// FSLib-iOS reads as long when ≥ 3; encoded as 1 (short) or 3 (long).
    case buttonPressed(BeltButton, BeltPressType, previousMode: BeltMode, newMode: BeltMode)
    /// FE06 `01 01 m`: the mode after a request or a mode change.
    case mode(BeltMode)
    /// FE06 `01 02 i`.
    case defaultIntensity(Int)
    /// FE06 `01 03 lo hi`.
    case headingOffset(Int)
    /// FE06 `01 04 ascii…`.
    case bleName(String)
    /// FE06 `10 pid value…`: an advanced parameter with a known layout.
    case advancedParameter(BeltAdvancedParameterValue)
    /// FE06 `10 02 …`: buzzer-active, layout unknown; the bytes after the parameter ID.
    case buzzerActive([UInt8])
    /// FE06 `10 0A b2…b8`: the firmware-4 front-range parameter (FSLib-iOS `checkForFirmwarePatch`); b7 = 0
    /// means "patched".
    case frontRangePatch([UInt8])
    /// FE09, read or notified.
    case batteryStatus(BeltBatteryStatus)
    /// FE0C.
    case orientation(BeltOrientationReport)
    /// FE14 `0B …`.
    case errorLogHeader(BeltErrorLogHeader)
    /// FE14 `0C …`.
    case errorLogEntry(BeltErrorLogEntry)

    package var characteristic: BeltCharacteristic {
        switch self {
        case .firmwareInfo: .fe01
        case .keepAlive: .fe02
        case .buttonPressed: .fe04
        case .mode, .defaultIntensity, .headingOffset, .bleName, .advancedParameter, .buzzerActive, .frontRangePatch: .fe06
        case .batteryStatus: .fe09
        case .orientation: .fe0c
        case .errorLogHeader, .errorLogEntry: .fe14
        }
    }

    package var description: String {
        switch self {
        case .firmwareInfo(let f): "\(f)"
        case .keepAlive(let m, _): "keep-alive (mode \(m))"
        case .buttonPressed(let b, let p, let prev, let new): "\(b) \(p == .long ? "long" : "short") press, \(prev) → \(new)"
        case .mode(let m): "mode \(m)"
        case .defaultIntensity(let i): "default intensity \(i)%"
        case .headingOffset(let d): "heading offset \(d)°"
        case .bleName(let n): "name \"\(n)\""
        case .advancedParameter(let v): "\(v)"
        case .buzzerActive(let raw): "buzzer active [\(BeltHex.format(raw))]"
        case .frontRangePatch(let raw): "front range [\(BeltHex.format(raw))]"
        case .batteryStatus(let s): "battery \(s)"
        case .orientation(let o): "orientation \(o)"
        case .errorLogHeader(let h): "error log session \(h.session): \(h.entryCount) entries"
        case .errorLogEntry(let e): "error 0x\(String(e.errorCode, radix: 16)) at \(e.timeMilliseconds) ms"
        }
    }
}
