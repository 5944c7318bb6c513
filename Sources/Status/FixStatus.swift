/// The GPS: where the fixes come from and the latest one.
package struct FixStatus: Sendable, Equatable, Codable {
    package enum Mode: String, Sendable, Equatable, Codable {
        case none, twoD = "2d", threeD = "3d"
    }

    /// Where fixes are read (`u-blox DDC 0x42 on /dev/i2c-1`, `gpsd localhost:2947`).
    package var source: String
    /// Seconds since the latest fix; nil before the first.
    package var fixAgeSeconds: Double?
    package var mode: Mode
    package var satellites: Int?
    package var hdop: Double?
    package var latitude: Double?
    package var longitude: Double?

    package init(source: String, fixAgeSeconds: Double? = nil, mode: Mode = .none, satellites: Int? = nil,
                hdop: Double? = nil, latitude: Double? = nil, longitude: Double? = nil) {
        self.source = source
        self.fixAgeSeconds = fixAgeSeconds
        self.mode = mode
        self.satellites = satellites
        self.hdop = hdop
        self.latitude = latitude
        self.longitude = longitude
    }
}
