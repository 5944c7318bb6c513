/// One checksum-verified NMEA 0183 sentence of a type the navigation uses.
public struct NMEASentence: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        case rmc(NMEARMC)
        case gga(NMEAGGA)
        case gsa(NMEAGSA)
        case gsv(NMEAGSV)
        case vtg(NMEAVTG)
        case gns(NMEAGNS)
        case zda(NMEAZDA)
    }

    // Content first: the one-byte talker then fits after it instead of padding before it.
    public var content: Content
    public var talker: NMEATalker

    public init(talker: NMEATalker, content: Content) {
        self.talker = talker
        self.content = content
    }

    /// UTC time of day in milliseconds, for sentences that carry one (GSA, GSV and VTG do not).
    public var timeOfDay: Int? {
        switch content {
        case let .rmc(s): s.timeOfDay
        case let .gga(s): s.timeOfDay
        case let .gns(s): s.timeOfDay
        case let .zda(s): s.timeOfDay
        case .gsa, .gsv, .vtg: nil
        }
    }
}
