extension BeltNotification {
    /// The characteristic and the bytes the belt sends (for the belt simulator); `kind` is `.value`.
    ///
    /// Values the wire cannot carry are brought into range as `BeltCommand.encoded()` does. Fields the
    /// decoder ignores are written so that every library reads them: FE04 byte 2 as 0,
    /// the press type as 1 (short) or 3 (long), FE01 as `[version lo, version hi, variant]`.
    package func encoded() -> BeltWrite {
        BeltWrite(characteristic: characteristic, bytes: bytes)
    }

    private var bytes: [UInt8] {
        switch self {
        case .firmwareInfo(let f):
            return Wire.le16(f.version) + (f.variant.map { [$0] } ?? [])
        case .keepAlive(let mode, let status):
            return [status, mode.rawValue]
        case .buttonPressed(let button, let press, let previous, let new):
            return [button.rawValue, press == .long ? 3 : 1, 0x00, previous.rawValue, new.rawValue]
        case .mode(let m):
            return [0x01, BeltParameter.mode.rawValue, m.rawValue]
        case .defaultIntensity(let i):
            return [0x01, BeltParameter.defaultIntensity.rawValue, Wire.percent(i)]
        case .headingOffset(let d):
            return [0x01, BeltParameter.headingOffset.rawValue] + Wire.degrees(d)
        case .bleName(let name):
            return [0x01, BeltParameter.bleName.rawValue] + Array(name.utf8)
        case .advancedParameter(let v):
            return [0x10, v.parameter.rawValue] + v.wireValue
        case .buzzerActive(let raw):
            return [0x10, BeltAdvancedParameter.buzzerActive.rawValue] + raw
        case .frontRangePatch(let raw):
            return [0x10, BeltAdvancedParameter.frontRange.rawValue] + raw
        case .batteryStatus(let s):
            return [s.powerStatusRaw] + Wire.le16(s.levelRaw) + Wire.le16(s.timeRaw)
                + Wire.le16(s.currentMilliamperes) + Wire.le16(s.voltageMillivolts)
        case .orientation(let o):
            return [o.sensorID] + Wire.le16(o.beltHeading) + Wire.le16(o.boxHeading) + Wire.le16(o.boxRoll)
                + Wire.le16(o.boxPitch) + Wire.le16(o.accuracy)
                + [o.magnetometerStatus, o.accelerometerStatus, o.gyroscopeStatus, o.fusionStatus].map { UInt8(bitPattern: $0) }
                + [Wire.flag(o.isInaccurate)]
        case .errorLogHeader(let h):
            return [0x0B] + Wire.le16(h.session) + [h.entryCount] + Wire.le32(h.firstError) + Wire.le32(h.lastError)
        case .errorLogEntry(let e):
            return [0x0C] + Wire.le32(e.errorCode) + Wire.le32(e.timeMilliseconds) + Wire.le16(e.session)
                + [Wire.flag(e.more)]
        }
    }
}
