/// One reading of a compass driver.
///
/// Raw magnetometers give `field` (µT, in the chip's own axes — map them to the NED body frame
/// (x forward, y right, z down) for the breakout's mounting); the BNO055 gives its fused `orientation`.
package struct CompassSample: Sendable, Equatable {
    package var field: Vector3?
    package var orientation: EulerAngles?
    /// BNO055 CALIB_STAT (0x35): sys[7:6] gyr[5:4] acc[3:2] mag[1:0], each 0…3 (3 = calibrated).
    package var calibrationStatus: UInt8?

    package init(field: Vector3? = nil, orientation: EulerAngles? = nil, calibrationStatus: UInt8? = nil) {
        self.field = field
        self.orientation = orientation
        self.calibrationStatus = calibrationStatus
    }
}
