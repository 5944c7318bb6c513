/// GSV, satellites in view: one of `messageCount` sentences, up to four satellites each.
///
/// Fields (NMEA 0183, as pynmeagps defines GSV [S16]): numMsg, msgNum, numSV, then per satellite
/// svid, elevation (°), azimuth (°), C/N0 (dB-Hz), and from NMEA 4.1 a trailing signalId. A last
/// sentence may carry fewer than four satellites — and, on some u-blox firmware, fewer than numSV
/// promises (coverclock/com-diag-hazer ISSUES.md, ZED-F9P) — so the satellites are taken as sent.
public struct NMEAGSV: Sendable, Hashable {
    public struct Satellite: Sendable, Hashable {
        public var id: Int
        public var elevation: Int?
        public var azimuth: Int?
        public var snr: Int?

        public init(id: Int, elevation: Int?, azimuth: Int?, snr: Int?) {
            self.id = id
            self.elevation = elevation
            self.azimuth = azimuth
            self.snr = snr
        }
    }

    public var messageCount: Int
    public var messageNumber: Int
    public var satellitesInView: Int?
    public var satellites: Satellites
    public var signalID: Int?

    public init(messageCount: Int, messageNumber: Int, satellitesInView: Int?, satellites: Satellites, signalID: Int?) {
        self.messageCount = messageCount
        self.messageNumber = messageNumber
        self.satellitesInView = satellitesInView
        self.satellites = satellites
        self.signalID = signalID
    }

    @inline(always) // built straight into the decoded message (see `NMEADecoder.rmc`)
    init(_ fields: NMEAFields) throws(NMEAFieldError) {
        var f = fields // a local copy: its position stays in a register, not in memory the reads could alias
        let fields = f.fieldCount()
        try f.require(3, fields: fields)
        guard let count = try f.int(), let number = try f.int(), count >= 1, (1...count).contains(number) else {
            throw NMEAFieldError(field: 1, reason: "message number/count missing or inconsistent")
        }
        messageCount = count
        messageNumber = number
        satellitesInView = try f.int()
        // Fields after numSV: four per satellite, plus one if a signalId ends the sentence.
        let trailing = fields - 4
        guard trailing % 4 == 0 || trailing % 4 == 1, trailing <= 17 else {
            throw NMEAFieldError(field: fields - 1, reason: "satellite blocks are not four fields each")
        }
        var satellites = Satellites()
        for block in 0..<trailing / 4 { // at most 4 blocks (trailing ≤ 17): the list's capacity
            let field = 4 + 4 * block
            // Plain digits and empty fields (nearly all) are stored as read. From the first field that
            // is not, `plainNumber` leaves the rest of the block unread and `int` reads them, so values
            // and errors do not depend on which path read them.
            let id = f.plainNumber()
            if id == NMEAFields.emptyField { // an all-empty block is padding some receivers send
                f.skip(); f.skip(); f.skip()
                continue
            }
            let elevation = id == NMEAFields.notPlain ? id : f.plainNumber()
            let azimuth = elevation == NMEAFields.notPlain ? elevation : f.plainNumber()
            let snr = azimuth == NMEAFields.notPlain ? azimuth : f.plainNumber()
            if snr != NMEAFields.notPlain {
                guard satellites.appendStored(id: id, elevation: elevation, azimuth: azimuth, snr: snr) else {
                    throw NMEAFieldError(field: field, reason: "more than \(Satellites.capacity) satellites")
                }
                continue
            }
            let satelliteID: Int
            if id == NMEAFields.notPlain {
                guard let read = try f.int() else { f.skip(); f.skip(); f.skip(); continue }
                satelliteID = read
            } else {
                satelliteID = Int(id)
            }
            let satellite = Satellite(id: satelliteID, elevation: try Self.number(elevation, &f),
                                      azimuth: try Self.number(azimuth, &f), snr: try Self.number(snr, &f))
            guard satellites.append(satellite) else {
                throw NMEAFieldError(field: field, reason: "satellite number beyond 32 bits")
            }
        }
        self.satellites = satellites
        signalID = trailing % 4 == 1 ? try f.int() : nil
    }

    /// A satellite number `plainNumber` gave, or, if it gave `notPlain`, the field read by `int`.
    @inline(always)
    private static func number(_ plain: Int32, _ f: inout NMEAFields) throws(NMEAFieldError) -> Int? {
        if plain == NMEAFields.notPlain { return try f.int() }
        return plain == NMEAFields.emptyField ? nil : Int(plain)
    }
}
