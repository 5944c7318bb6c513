/// GSV, satellites in view: one of `messageCount` sentences, up to four satellites each.
///
/// Fields (NMEA 0183, as pynmeagps defines GSV): numMsg, msgNum, numSV, then per satellite
/// svid, elevation (°), azimuth (°), C/N0 (dB-Hz), and from NMEA 4.1 a trailing signalId. A last
/// sentence may carry fewer than four satellites — and, on some u-blox firmware, fewer than numSV
/// promises (coverclock/com-diag-hazer ISSUES.md, ZED-F9P) — so the satellites are taken as sent.
package struct NMEAGSV: Sendable, Hashable {
    package struct Satellite: Sendable, Hashable {
        package var id: Int
        package var elevation: Int?
        package var azimuth: Int?
        package var snr: Int?

        package init(id: Int, elevation: Int?, azimuth: Int?, snr: Int?) {
            self.id = id
            self.elevation = elevation
            self.azimuth = azimuth
            self.snr = snr
        }
    }

    package var messageCount: Int
    package var messageNumber: Int
    package var satellitesInView: Int?
    package var satellites: Satellites
    package var signalID: Int?

    package init(messageCount: Int, messageNumber: Int, satellitesInView: Int?, satellites: Satellites, signalID: Int?) {
        self.messageCount = messageCount
        self.messageNumber = messageNumber
        self.satellitesInView = satellitesInView
        self.satellites = satellites
        self.signalID = signalID
    }

    @_transparent // built straight into the decoded message (see `NMEADecoder.rmc`)
    init(_ fields: NMEAFields) throws(NMEAFieldError) {
        var f = fields
        guard let count = try f.int(), let number = try f.int(), count >= 1, (1...count).contains(number) else {
            throw NMEAFieldError(field: 1, reason: "message number/count missing or inconsistent")
        }
        messageCount = count
        messageNumber = number
        try f.require(3)
        satellitesInView = try f.count().map(Int.init)
        // Then blocks of four fields, one per satellite, at most four of them, and a signalId if
        // one field is left at the end. The fields are not counted first: a block that the sentence
        // ends inside of, or a fifth block, is found on the way and refused.
        let notPlain = NMEAFields.notPlain, empty = NMEAFields.emptyField
        var satellites = Satellites()
        var signalID: Int?
        var block = 0
        while !f.isExhausted {
            let field = 4 + 4 * block
            // A block in NMEA's own widths with a field after it (nearly all): read in one go.
            if block < Satellites.capacity, let standard = f.standardSatellite() {
                block += 1
                guard satellites.appendStored(id: standard.id, elevation: standard.elevation,
                                              azimuth: standard.azimuth, snr: standard.snr) else {
                    throw NMEAFieldError(field: field, reason: "more than \(Satellites.capacity) satellites")
                }
                continue
            }
            // Plain digits and empty fields (nearly all) are stored as read. From the first field
            // that is not, `plainNumber` leaves it unread and `int` reads it and the rest of the
            // block, so values and errors do not depend on which path read them.
            let id = f.plainNumber()
            if id == notPlain ? f.nextFieldIsLast : f.isExhausted { // the last field: the signalId
                signalID = id == notPlain ? try f.int() : id == empty ? nil : Int(id)
                break
            }
            guard block < Satellites.capacity else {
                throw NMEAFieldError(field: field, reason: "more than \(Satellites.capacity) satellite blocks")
            }
            block += 1
            if id == empty { // an all-empty block is padding some receivers send: the rest is skipped
                for offset in 1...3 {
                    try f.require(field + offset)
                    f.skip()
                }
                continue
            }
            // How many of the block's fields `plainNumber` read; each tried field was there.
            var plain = id == notPlain ? 0 : 1
            var elevation = notPlain, azimuth = notPlain, snr = notPlain
            if plain == 1 {
                try f.require(field + 1)
                elevation = f.plainNumber()
                if elevation != notPlain {
                    plain = 2
                    try f.require(field + 2)
                    azimuth = f.plainNumber()
                    if azimuth != notPlain {
                        plain = 3
                        try f.require(field + 3)
                        snr = f.plainNumber()
                        if snr != notPlain { plain = 4 }
                    }
                }
            }
            if plain == 4 {
                guard satellites.appendStored(id: id, elevation: elevation, azimuth: azimuth, snr: snr) else {
                    throw NMEAFieldError(field: field, reason: "more than \(Satellites.capacity) satellites")
                }
                continue
            }
            // An id that is not plain digits is not empty either, so `int` gives a number or throws.
            let satellite = Satellite(
                id: plain >= 1 ? Int(id) : try Self.read(&f, field, present: true) ?? 0,
                elevation: plain >= 2 ? Self.number(elevation) : try Self.read(&f, field + 1, present: plain >= 1),
                azimuth: plain >= 3 ? Self.number(azimuth) : try Self.read(&f, field + 2, present: plain >= 2),
                snr: try Self.read(&f, field + 3, present: plain >= 3))
            guard satellites.append(satellite) else {
                throw NMEAFieldError(field: field, reason: "satellite number beyond 32 bits")
            }
        }
        self.satellites = satellites
        self.signalID = signalID
    }

    /// A satellite number as `plainNumber` gave it: nil for an empty field.
    @_transparent
    private static func number(_ plain: Int32) -> Int? { plain == NMEAFields.emptyField ? nil : Int(plain) }

    /// The next field, field `field`, read by `int`; unless `present`, it must first be there.
    @_transparent
    private static func read(_ f: inout NMEAFields, _ field: Int, present: Bool) throws(NMEAFieldError) -> Int? {
        if !present { try f.require(field) }
        return try f.int()
    }
}
