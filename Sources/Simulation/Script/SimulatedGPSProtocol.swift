/// What the simulated u-blox receiver sends over its DDC port (`[simulation] gps_protocol`).
///
/// Why configurable: a u-blox receiver ships with NMEA on; many users enable UBX NAV-PVT instead or
/// alongside it, and the decoder must handle all three streams the same way.
package enum SimulatedGPSProtocol: String, Sendable, Hashable, CaseIterable {
    /// RMC, VTG, GGA, GSA and GSV each epoch (the receiver's default output).
    case nmea
    /// UBX NAV-PVT only.
    case ubx
    /// NAV-PVT followed by the NMEA sentences of the same epoch.
    case both
}
