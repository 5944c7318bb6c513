/// The PressureSetup characteristic's ten bytes (the SDK's `FTPenServiceClient.mm`), all u8. Their meaning
/// beyond the names is unknown, so they are carried, not interpreted.
package struct PenPressureSetup: Sendable, Hashable {
    package var samplePeriodMilliseconds: UInt8
    package var notificationPeriodMilliseconds: UInt8
    package var tipFloor: UInt8
    package var tipMin: UInt8
    package var tipMax: UInt8
    package var tipGated: Bool
    package var eraserFloor: UInt8
    package var eraserMin: UInt8
    package var eraserMax: UInt8
    package var eraserGated: Bool

    package init(samplePeriodMilliseconds: UInt8, notificationPeriodMilliseconds: UInt8, tipFloor: UInt8, tipMin: UInt8,
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
    package var bytes: [UInt8] {
        [samplePeriodMilliseconds, notificationPeriodMilliseconds, tipFloor, tipMin, tipMax, tipGated ? 1 : 0,
         eraserFloor, eraserMin, eraserMax, eraserGated ? 1 : 0]
    }
}
