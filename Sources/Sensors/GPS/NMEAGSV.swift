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

    @inline(__always) // built straight into the decoded message: no copy through a temporary
    init(_ f: NMEAFields) throws(NMEAFieldError) {
        try f.require(3)
        guard let count = try f.int(1), let number = try f.int(2), count >= 1, (1...count).contains(number) else {
            throw NMEAFieldError(field: 1, reason: "message number/count missing or inconsistent")
        }
        messageCount = count
        messageNumber = number
        satellitesInView = try f.int(3)
        // Fields after numSV: four per satellite, plus one if a signalId ends the sentence.
        let trailing = f.count - 4
        guard trailing % 4 == 0 || trailing % 4 == 1, trailing <= 17 else {
            throw NMEAFieldError(field: f.count - 1, reason: "satellite blocks are not four fields each")
        }
        signalID = trailing % 4 == 1 ? try f.int(f.count - 1) : nil
        var satellites = Satellites()
        for block in 0..<trailing / 4 { // at most 4 blocks (trailing ≤ 17): the list's capacity
            let index = 4 + 4 * block
            // Plain digits and empty fields (nearly all) are stored as read; anything else is read
            // below as before, so values and errors do not depend on which path read them.
            let id = f.plainNumber(index), elevation = f.plainNumber(index + 1)
            let azimuth = f.plainNumber(index + 2), snr = f.plainNumber(index + 3)
            if id == NMEAFields.emptyField { continue } // an all-empty block is padding some receivers send
            if id != NMEAFields.notPlain, elevation != NMEAFields.notPlain, azimuth != NMEAFields.notPlain,
               snr != NMEAFields.notPlain {
                guard satellites.appendStored(id: id, elevation: elevation, azimuth: azimuth, snr: snr) else {
                    throw NMEAFieldError(field: index, reason: "more than \(Satellites.capacity) satellites")
                }
                continue
            }
            if let id = try f.int(index) {
                let satellite = Satellite(id: id, elevation: try f.int(index + 1), azimuth: try f.int(index + 2),
                                          snr: try f.int(index + 3))
                guard satellites.append(satellite) else {
                    throw NMEAFieldError(field: index, reason: "satellite number beyond 32 bits")
                }
            }
        }
        self.satellites = satellites
    }
}
