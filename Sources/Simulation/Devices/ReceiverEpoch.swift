import Sensors

/// What the simulated receiver knows at one navigation epoch, before it is put into NMEA or UBX.
///
/// `fix` nil is an epoch without a position (an outage: the receiver still reports time and sky);
/// `utcMilliseconds` nil is a receiver that has no time yet (empty time fields, NAV-PVT not valid).
package struct ReceiverEpoch: Sendable, Hashable {
    /// UTC, milliseconds since 1970, on the receiver's 10 ms grid (NMEA's `hhmmss.ss`).
    package var utcMilliseconds: Int?
    package var fix: Fix?
    package var satellites: [SimulatedSatellite]
    package var pdop: Double
    package var vdop: Double
    /// Geoid height above the WGS84 ellipsoid, metres (GGA field 11; NAV-PVT height − hMSL).
    package var geoidSeparation: Double

    package init(utcMilliseconds: Int?, fix: Fix?, satellites: [SimulatedSatellite] = SimulatedSatellite.townSky,
                pdop: Double = 1.6, vdop: Double = 1.3, geoidSeparation: Double = 46.9) {
        self.utcMilliseconds = utcMilliseconds
        self.fix = fix
        self.satellites = satellites
        self.pdop = pdop
        self.vdop = vdop
        self.geoidSeparation = geoidSeparation
    }

    /// UTC seconds rounded to the receiver's 10 ms grid.
    package static func milliseconds(utcSeconds: Double) -> Int {
        Int((utcSeconds * 100).rounded()) * 10
    }

    var usedSatellites: [SimulatedSatellite] { fix == nil ? [] : satellites.filter(\.used) }
}
