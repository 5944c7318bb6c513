/// One recorded position of a walked track, with what the receiver said about its quality.
///
/// Everything beyond the coordinate is optional because GPX makes it optional (GPX 1.1 schema,
/// `wptType`, topografix.com/GPX/1/1): tracks written before the appliance recorded fix quality, and
/// tracks from other tools, carry only some of it.
package struct TrackPoint: Sendable, Hashable {
    /// The receiver's fix type, GPX's `fixType` (topografix.com/GPX/1/1): "none" means the receiver
    /// reported no fix, so the coordinate is not a measurement; `dgps` and `pps` are corrected or
    /// military solutions that are at least as good as `threeD`.
    package enum Fix: String, Sendable, Hashable, CaseIterable {
        case none
        case twoD = "2d"
        case threeD = "3d"
        case dgps
        case pps
    }

    package var coordinate: Coordinate
    /// Metres, as the file states it (`<ele>`).
    package var elevation: Double?
    /// UTC seconds since 1970 (`<time>`); nil when the point has none or it could not be read.
    package var time: Double?
    package var fix: Fix?
    /// Satellites used for the fix (`<sat>`).
    package var satellites: Int?
    /// Horizontal dilution of precision (`<hdop>`): how much the satellites' geometry magnifies the
    /// range errors; about 1 is good, above 5 poor.
    package var hdop: Double?

    package init(coordinate: Coordinate, elevation: Double? = nil, time: Double? = nil, fix: Fix? = nil,
                satellites: Int? = nil, hdop: Double? = nil) {
        self.coordinate = coordinate
        self.elevation = elevation
        self.time = time
        self.fix = fix
        self.satellites = satellites
        self.hdop = hdop
    }
}
