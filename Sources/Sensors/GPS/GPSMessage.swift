/// One decoded unit of a receiver stream, NMEA or UBX.
package enum GPSMessage: Sendable, Hashable {
    case nmea(NMEASentence)
    case navPVT(UBXNavPVT)
}
