/// One decoded characteristic value of the pen (`PenValueDecoder`). Values the SDK treats as
/// opaque stay bytes.
package enum PenValue: Sendable, Hashable {
    case tipPressed(Bool)
    case eraserPressed(Bool)
    /// Raw switch pressure, no scaling known.
    case tipPressure(UInt32)
    case eraserPressure(UInt32)
    /// Percent as the pen reports it (`PenBatteryLevel` turns it into a band).
    case batteryLevel(UInt32)
    case hasListener(Bool)
    /// Minutes; 0 = disabled.
    case inactivityTimeout(UInt8)
    case pressureSetup(PenPressureSetup)
    case manufacturingID(String)
    case lastError(id: UInt32, value: UInt32)
    case authenticationCode([UInt8])
    case centralID(UInt32)
    case motion(PenMotion)
    case motionSetup(samplePeriodMilliseconds: UInt8, notificationPeriodMilliseconds: UInt8)
    /// Signed turn; the SDK ignores 0 (decoded as nil → not produced).
    case encoderTurn(Int8)
    /// A Device Information string, System ID included (the SDK reads it as ASCII).
    case deviceInformation(PenCharacteristic, String)
    case ieeeCertification([UInt8])
    case pnpID([UInt8])
}
