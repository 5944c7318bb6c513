/// The PressureSetup characteristic's ten bytes (the SDK's `FTPenServiceClient.mm`), all u8. Their meaning
/// beyond the names is unknown, so they are carried, not interpreted.
public struct PenPressureSetup: Sendable, Hashable {
    public var samplePeriodMilliseconds: UInt8
    public var notificationPeriodMilliseconds: UInt8
    public var tipFloor: UInt8
    public var tipMin: UInt8
    public var tipMax: UInt8
    public var tipGated: Bool
    public var eraserFloor: UInt8
    public var eraserMin: UInt8
    public var eraserMax: UInt8
    public var eraserGated: Bool

    public init(samplePeriodMilliseconds: UInt8, notificationPeriodMilliseconds: UInt8, tipFloor: UInt8, tipMin: UInt8,
                tipMax: UInt8, tipGated: Bool, eraserFloor: UInt8, eraserMin: UInt8, eraserMax: UInt8, eraserGated: Bool) {
        self.samplePeriodMilliseconds = samplePeriodMilliseconds
        self.notificationPeriodMilliseconds = notificationPeriodMilliseconds
        self.tipFloor = tipFloor
        self.tipMin = tipMin
        self.tipMax = tipMax
        self.tipGated = tipGated
        self.eraserFloor = eraserFloor
        self.eraserMin = eraserMin
        self.eraserMax = eraserMax
        self.eraserGated = eraserGated
    }

    /// The wire form, in the SDK's order.
    public var bytes: [UInt8] {
        [samplePeriodMilliseconds, notificationPeriodMilliseconds, tipFloor, tipMin, tipMax, tipGated ? 1 : 0,
         eraserFloor, eraserMin, eraserMax, eraserGated ? 1 : 0]
    }
}
