/// GSA, DOP and active satellites: the fix dimension and which satellites the solution uses.
///
/// Fields (NMEA 0183, as pynmeagps defines GSA): opMode (M/A), navMode (1 none, 2 2D, 3 3D),
/// 12 satellite-id slots, PDOP, HDOP, VDOP, systemId (NMEA 4.1+). A multi-GNSS receiver sends one GSA
/// per constellation in an epoch (`GNGSA` × n, told apart by systemId, or by id ranges before 4.1), so
/// the epoch assembler takes the union of their satellites.
package struct NMEAGSA: Sendable, Hashable {
    // navMode and systemId kept in a byte and in 32 bits behind `Int` accessors (a received systemId
    // beyond that is refused, as satellite ids are), with the id list filling the padding after the
    // first (`MemoryLayout` follows the declaration order). Why: with 16-byte optionals GSA filled a
    // decoded message's payload to its last byte, and every sentence's message was then built in a
    // scratch copy and copied twice on its way to the handler (parsing throughput, docs/performance.md;
    // `GPSMessageLayoutTests`).
    private let storedNavMode: UInt8?
    package var satelliteIDs: NMEASatelliteIDs
    package var pdop: Double?
    package var hdop: Double?
    package var vdop: Double?
    private let storedSystemID: Int32?
    /// 1 no fix, 2 2D, 3 3D.
    package var navMode: Int? { storedNavMode.map(Int.init) }
    /// NMEA 4.1 system id (1 GPS, 2 GLONASS, 3 Galileo, 4 BeiDou, 5 QZSS, 6 NavIC), if sent.
    package var systemID: Int? { storedSystemID.map(Int.init) }

    /// From code, not received data: a navMode beyond 255 or a systemID beyond 32 bits is a
    /// programming error.
    package init(navMode: Int?, satelliteIDs: NMEASatelliteIDs, pdop: Double?, hdop: Double?, vdop: Double?, systemID: Int?) {
        storedNavMode = navMode.map { UInt8($0) }
        self.satelliteIDs = satelliteIDs
        self.pdop = pdop
        self.hdop = hdop
        self.vdop = vdop
        storedSystemID = systemID.map { Int32($0) }
    }

    @_transparent // built straight into the decoded message (see `NMEADecoder.rmc`)
    init(_ fields: NMEAFields) throws(NMEAFieldError) {
        var f = fields
        f.skip() // opMode
        let mode = try f.int()
        if let mode, !(1...3).contains(mode) {
            throw NMEAFieldError(field: 2, reason: "navMode \(mode) is not 1, 2 or 3")
        }
        storedNavMode = mode.map { UInt8(truncatingIfNeeded: $0) }
        // 12 satellite slots, then PDOP, HDOP, VDOP (field 17, which must be there), then systemId
        // from NMEA 4.1 on, and nothing after it.
        var ids = NMEASatelliteIDs()
        for slot in 0..<NMEASatelliteIDs.capacity { // 12 slots, fields 3-14
            let field = 3 + slot
            let plain = f.plainNumber() // empty or plain digits: nearly all slots
            if plain == NMEAFields.emptyField { continue }
            if plain != NMEAFields.notPlain {
                guard ids.appendStored(plain) else { throw NMEAFieldError(field: field, reason: "more than 12 ids") }
                continue
            }
            if let id = try f.int(), !ids.append(id) {
                throw NMEAFieldError(field: field, reason: "satellite id beyond 32 bits")
            }
        }
        satelliteIDs = ids
        pdop = try f.double()
        hdop = try f.double()
        try f.require(17)
        vdop = try f.double()
        storedSystemID = try f.int32()
        guard f.isExhausted else { throw NMEAFieldError(field: 19, reason: "more than 18 fields, expected 17 or 18") }
    }
}
