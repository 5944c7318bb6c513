/// Who sent an NMEA sentence: the two letters after `$`.
///
/// As pynmeagps' `NMEA_TALKERS` lists them: GP GPS, GL GLONASS, GA Galileo, GB BeiDou
/// (older `BD`), GQ QZSS, GI NavIC, GN a combined multi-GNSS solution. The sentence type is parsed
/// independently of the talker, so `GNRMC` and `GPRMC` decode alike.
package enum NMEATalker: String, Sendable, Hashable, CaseIterable {
    case gps = "GP"
    case glonass = "GL"
    case galileo = "GA"
    case beidou = "GB"
    case beidouLegacy = "BD"
    case qzss = "GQ"
    case navic = "GI"
    case combined = "GN"

    /// The talker named by two ASCII bytes, or nil for one we do not accept (proprietary `P…`, etc.).
    @_transparent
    package init?(_ first: UInt8, _ second: UInt8) {
        switch (first, second) {
        case (0x47, 0x50): self = .gps          // GP
        case (0x47, 0x4C): self = .glonass      // GL
        case (0x47, 0x41): self = .galileo      // GA
        case (0x47, 0x42): self = .beidou       // GB
        case (0x42, 0x44): self = .beidouLegacy // BD
        case (0x47, 0x51): self = .qzss         // GQ
        case (0x47, 0x49): self = .navic        // GI
        case (0x47, 0x4E): self = .combined     // GN
        default: return nil
        }
    }

    /// The talker as one byte, 0–7, for `NMEASentence`'s compact storage.
    var code: UInt8 {
        switch self {
        case .gps: 0
        case .glonass: 1
        case .galileo: 2
        case .beidou: 3
        case .beidouLegacy: 4
        case .qzss: 5
        case .navic: 6
        case .combined: 7
        }
    }

    /// The talker of a `code`.
    init(code: UInt8) {
        switch code {
        case 0: self = .gps
        case 1: self = .glonass
        case 2: self = .galileo
        case 3: self = .beidou
        case 4: self = .beidouLegacy
        case 5: self = .qzss
        case 6: self = .navic
        default: self = .combined
        }
    }

    /// The NMEA 4.1 GNSS system id (GSA/GSV `systemId`) this talker implies, nil for `GN`.
    /// Values: 1 GPS, 2 GLONASS, 3 Galileo, 4 BeiDou, 5 QZSS, 6 NavIC (NMEA 0183 4.11, as pynmeagps
    /// lists them).
    package var systemID: Int? {
        switch self {
        case .gps: 1
        case .glonass: 2
        case .galileo: 3
        case .beidou, .beidouLegacy: 4
        case .qzss: 5
        case .navic: 6
        case .combined: nil
        }
    }
}
