/// One satellite in the simulated receiver's sky, for GSA and GSV.
package struct SimulatedSatellite: Sendable, Hashable {
    package enum System: Sendable, Hashable {
        case gps, glonass

        /// The GSV talker of the system's satellites.
        var talker: String { self == .gps ? "GP" : "GL" }
        /// NMEA 4.10 GSA systemId (1 GPS, 2 GLONASS).
        var systemID: Int { self == .gps ? 1 : 2 }
    }

    package var system: System
    /// The NMEA satellite number: GPS 1–32, GLONASS 65–96.
    package var id: Int
    package var elevation: Int
    package var azimuth: Int
    /// C/N0 in dB-Hz.
    package var snr: Int
    /// Used in the solution.
    package var used: Bool

    package init(system: System, id: Int, elevation: Int, azimuth: Int, snr: Int, used: Bool) {
        self.system = system
        self.id = id
        self.elevation = elevation
        self.azimuth = azimuth
        self.snr = snr
        self.used = used
    }

    /// A plausible open sky over a town: 8 GPS and 4 GLONASS satellites in view, 9 of them used
    /// (the count the simulated fixes report).
    package static let townSky: [SimulatedSatellite] = [
        .init(system: .gps, id: 2, elevation: 64, azimuth: 291, snr: 44, used: true),
        .init(system: .gps, id: 5, elevation: 23, azimuth: 48, snr: 38, used: true),
        .init(system: .gps, id: 11, elevation: 41, azimuth: 184, snr: 42, used: true),
        .init(system: .gps, id: 12, elevation: 9, azimuth: 324, snr: 27, used: false),
        .init(system: .gps, id: 18, elevation: 52, azimuth: 103, snr: 45, used: true),
        .init(system: .gps, id: 20, elevation: 15, azimuth: 247, snr: 31, used: false),
        .init(system: .gps, id: 25, elevation: 33, azimuth: 139, snr: 40, used: true),
        .init(system: .gps, id: 29, elevation: 71, azimuth: 12, snr: 47, used: true),
        .init(system: .glonass, id: 66, elevation: 38, azimuth: 77, snr: 39, used: true),
        .init(system: .glonass, id: 67, elevation: 57, azimuth: 160, snr: 41, used: true),
        .init(system: .glonass, id: 76, elevation: 19, azimuth: 220, snr: 33, used: true),
        .init(system: .glonass, id: 82, elevation: 6, azimuth: 300, snr: 22, used: false),
    ]
}
