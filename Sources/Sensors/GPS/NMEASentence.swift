/// One checksum-verified NMEA 0183 sentence of a type the navigation uses.
package struct NMEASentence: Sendable, Hashable {
    package enum Content: Sendable, Hashable {
        case rmc(NMEARMC)
        case gga(NMEAGGA)
        case gsa(NMEAGSA)
        case gsv(NMEAGSV)
        case vtg(NMEAVTG)
        case gns(NMEAGNS)
        case zda(NMEAZDA)
    }

    package var content: Content
    // The talker kept as a plain byte behind an `NMEATalker` accessor, after the content so it fills
    // what would be padding. Why a byte: stored as the enum, its spare bits joined the message's
    // case tags, and every sentence's message was then built in a scratch copy and copied twice on
    // its way to the handler (parsing throughput, docs/performance.md; `GPSMessageLayoutTests`).
    private let talkerCode: UInt8
    package var talker: NMEATalker { NMEATalker(code: talkerCode) }

    package init(talker: NMEATalker, content: Content) {
        talkerCode = talker.code
        self.content = content
    }

    /// UTC time of day in milliseconds, for sentences that carry one (GSA, GSV and VTG do not).
    package var timeOfDay: Int? {
        switch content {
        case let .rmc(s): s.timeOfDay
        case let .gga(s): s.timeOfDay
        case let .gns(s): s.timeOfDay
        case let .zda(s): s.timeOfDay
        case .gsa, .gsv, .vtg: nil
        }
    }
}
