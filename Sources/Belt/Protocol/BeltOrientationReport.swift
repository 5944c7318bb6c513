/// FE0C, notified about every 500 ms while enabled (FSLib-iOS docs/README.md): the belt's heading.
///
/// All fields keep their wire values. Only `beltHeading` and `isInaccurate` have documented
/// meanings; roll, pitch, accuracy and the status bytes are passed through.
package struct BeltOrientationReport: Sendable, Hashable, CustomStringConvertible {
    /// Byte 0. FSLib-iOS only handles 2 ("fusion"); Android and pybelt take any value. Decoding keeps
    /// every value so the consumer decides.
    package var sensorID: UInt8
    /// Degrees from magnetic north, int16 (it can be negative, e.g. −90).
    package var beltHeading: Int16
    package var boxHeading: Int16
    package var boxRoll: Int16
    package var boxPitch: Int16
    /// pybelt reads it unsigned, Android signed; kept unsigned as pybelt, whose parser checked our decode vectors.
    package var accuracy: UInt16
    package var magnetometerStatus: Int8
    package var accelerometerStatus: Int8
    package var gyroscopeStatus: Int8
    package var fusionStatus: Int8
    /// Byte 15 non-zero: the belt's compass is not to be trusted.
    package var isInaccurate: Bool

    package static let fusionSensorID: UInt8 = 2

    package init(sensorID: UInt8 = BeltOrientationReport.fusionSensorID, beltHeading: Int16, boxHeading: Int16 = 0,
                boxRoll: Int16 = 0, boxPitch: Int16 = 0, accuracy: UInt16 = 0,
                magnetometerStatus: Int8 = 3, accelerometerStatus: Int8 = 3, gyroscopeStatus: Int8 = 3,
                fusionStatus: Int8 = 3, isInaccurate: Bool = false) {
        self.sensorID = sensorID
        self.beltHeading = beltHeading
        self.boxHeading = boxHeading
        self.boxRoll = boxRoll
        self.boxPitch = boxPitch
        self.accuracy = accuracy
        self.magnetometerStatus = magnetometerStatus
        self.accelerometerStatus = accelerometerStatus
        self.gyroscopeStatus = gyroscopeStatus
        self.fusionStatus = fusionStatus
        self.isInaccurate = isInaccurate
    }

    /// The heading as 0–359, as FSLib-iOS shows it.
    package var headingDegrees: Int { ((Int(beltHeading) % 360) + 360) % 360 }

    package var description: String {
        "heading \(headingDegrees)°\(isInaccurate ? " (inaccurate)" : "")"
    }
}
