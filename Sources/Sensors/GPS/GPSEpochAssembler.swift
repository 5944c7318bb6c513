/// Merges the messages of one navigation epoch into a `GPSEpoch`, as gpsd merges a receiver's
/// reporting cycle into one TPV.
///
/// An epoch is the run of messages that share a UTC time: a message whose time differs from the
/// open epoch's closes it. Messages without a time (GSA, GSV, VTG, a NAV-PVT without valid time)
/// join the open epoch; receivers start each cycle with a timed sentence (u-blox RMC, SiRF and
/// MediaTek GGA), so they land in the right one. A u-blox NAV-PVT joins the NMEA of the same
/// instant: its time is rounded to the millisecond like NMEA's `hhmmss.ss`.
///
/// When several messages carry the same quantity, the most precise source wins: NAV-PVT (binary,
/// full resolution) over GGA/GNS over RMC/VTG; the fix dimension comes from NAV-PVT, else GSA's
/// navMode, else what GGA/GNS/RMC imply; satellites used from NAV-PVT, else GGA/GNS's numSV, else
/// the union of every GSA's satellites (one GSA per constellation on multi-GNSS receivers).
/// Positions the receiver marks invalid (RMC status V, GGA quality 0, GNS mode all N, NAV-PVT
/// without gnssFixOK) are not used.
package struct GPSEpochAssembler: Sendable {
    private struct Open: Sendable {
        var timeOfDay: Int?
        var date: GPSDate?
        var receivedAt: Duration
        var pvt: UBXNavPVT?
        var gga: NMEAGGA?
        var gns: NMEAGNS?
        var rmc: NMEARMC?
        var vtg: NMEAVTG?
        var gsaNavMode: Int?
        var gsaHDOP: Double?
        /// Every GSA's satellites as listed: their union is counted only when no other message says
        /// how many are used, so they are not hashed into a set at every epoch.
        var gsaSatellites: [Int] = []
        var sawGSA = false
        /// Satellites in view, per talker: a few talkers at most, looked up in a list.
        var inView: [(system: Int, count: Int)] = []
        var reportable = false

        mutating func merge(_ message: GPSMessage) {
            switch message {
            case let .navPVT(pvt):
                self.pvt = pvt
                reportable = true
            case let .nmea(sentence):
                switch sentence.content {
                case let .gga(gga):
                    if self.gga == nil { self.gga = gga }
                    reportable = true
                case let .gns(gns):
                    if self.gns == nil { self.gns = gns }
                    reportable = true
                case let .rmc(rmc):
                    if self.rmc == nil { self.rmc = rmc }
                    reportable = true
                case let .vtg(vtg):
                    if self.vtg == nil { self.vtg = vtg }
                    reportable = true
                case .zda:
                    reportable = true
                case let .gsa(gsa):
                    sawGSA = true
                    reportable = true
                    if let mode = gsa.navMode { gsaNavMode = max(gsaNavMode ?? 0, mode) }
                    if gsaHDOP == nil { gsaHDOP = gsa.hdop }
                    let system = gsa.systemID ?? sentence.talker.systemID ?? 0
                    for id in gsa.satelliteIDs { gsaSatellites.append(system * 1000 + id) }
                case let .gsv(gsv):
                    // Per talker, the largest count any of its signals reports (NMEA 4.11 sends one
                    // GSV group per signal, listing the same satellites again).
                    let system = sentence.talker.systemID ?? 0
                    if let count = gsv.satellitesInView {
                        if let index = inView.firstIndex(where: { $0.system == system }) {
                            inView[index].count = max(inView[index].count, count)
                        } else {
                            inView.append((system, count))
                        }
                    }
                }
            }
        }
    }

    private var open: Open?
    private var lastDate: GPSDate?
    private var lastTimeOfDay: Int?

    package init() {}

    /// Adds one message received at `now`; returns the previous epoch if this message closed it.
    package mutating func add(_ message: GPSMessage, now: Duration) -> GPSEpoch? {
        var time: Int?
        var date: GPSDate?
        switch message {
        case let .nmea(sentence):
            time = sentence.timeOfDay
            switch sentence.content {
            case let .rmc(rmc): date = rmc.date
            case let .zda(zda): date = zda.date
            default: break
            }
        case let .navPVT(pvt):
            if let utc = pvt.utcMilliseconds {
                let days = utc >= 0 ? utc / 86_400_000 : (utc - 86_399_999) / 86_400_000
                time = utc - days * 86_400_000
                date = GPSDate(daysSince1970: days)
            }
        }
        var closed: GPSEpoch?
        if let time, let openTime = open?.timeOfDay, openTime != time {
            closed = close()
        }
        if open == nil { open = Open(receivedAt: now) }
        if let time, open?.timeOfDay == nil { open?.timeOfDay = time }
        if let date, open?.date == nil { open?.date = date }
        merge(message)
        return closed
    }

    /// Closes the open epoch (end of stream, or the source went quiet); nil if there is nothing to report.
    package mutating func finish() -> GPSEpoch? { close() }

    /// Merges in place (optional chaining mutates the stored epoch): copying the open epoch out and
    /// back for each message costs more than decoding the message.
    private mutating func merge(_ message: GPSMessage) {
        open?.merge(message)
    }

    private mutating func close() -> GPSEpoch? {
        guard let epoch = open else { return nil }
        open = nil
        guard epoch.reportable else { return nil }

        var date = epoch.date
        if date == nil, let lastDate, let lastTimeOfDay, let time = epoch.timeOfDay {
            // Carry the date over; a time more than 12 h earlier than the last means midnight passed.
            date = time + 43_200_000 < lastTimeOfDay ? lastDate.adding(days: 1) : lastDate
        }
        if let date, let time = epoch.timeOfDay {
            lastDate = date
            lastTimeOfDay = time
        }

        let pvt = epoch.pvt.flatMap { $0.hasPositionFix ? $0 : nil }
        let gga = epoch.gga.flatMap { $0.hasFix == false ? nil : $0 }
        let gns = epoch.gns.flatMap { $0.hasFix == false ? nil : $0 }
        let rmc = epoch.rmc.flatMap { $0.isValid ? $0 : nil }
        let vtg = epoch.vtg.flatMap { $0.positionMode == 0x4E ? nil : $0 } // N: no fix

        var result = GPSEpoch(timeOfDay: epoch.timeOfDay, date: date, receivedAt: epoch.receivedAt)
        if let pvt {
            result.latitude = pvt.latitude
            result.longitude = pvt.longitude
        } else if let gga, let lat = gga.latitude, let lon = gga.longitude {
            (result.latitude, result.longitude) = (lat, lon)
        } else if let gns, let lat = gns.latitude, let lon = gns.longitude {
            (result.latitude, result.longitude) = (lat, lon)
        } else if let rmc, let lat = rmc.latitude, let lon = rmc.longitude {
            (result.latitude, result.longitude) = (lat, lon)
        }
        result.altitude = pvt?.heightMSL ?? gga?.altitude ?? gns?.altitude
        result.speed = pvt?.groundSpeed ?? rmc?.speedKnots.map { $0 * NMEAVTG.metresPerSecondPerKnot }
            ?? vtg?.speedMetresPerSecond
        result.course = pvt?.headingOfMotion ?? rmc?.courseDegrees ?? vtg?.courseTrue
        result.horizontalAccuracy = pvt?.horizontalAccuracy
        result.hdop = epoch.gga?.hdop ?? epoch.gns?.hdop ?? epoch.gsaHDOP
        result.satellites = epoch.pvt?.satellitesUsed ?? epoch.gga?.satellitesUsed ?? epoch.gns?.satellitesUsed
            ?? (epoch.sawGSA ? Set(epoch.gsaSatellites).count : nil)
        result.satellitesInView = epoch.inView.isEmpty ? nil : epoch.inView.reduce(0) { $0 + $1.count }
        result.mode = mode(epoch, hasAltitude: result.altitude != nil)
        return result
    }

    private func mode(_ epoch: Open, hasAltitude: Bool) -> Fix.Mode? {
        if let pvt = epoch.pvt {
            // DR-only and time-only solutions are not positions to walk by.
            guard pvt.hasPositionFix else { return .noFix }
            return pvt.fixType == .twoD ? .twoD : .threeD
        }
        if let navMode = epoch.gsaNavMode { return Fix.Mode(rawValue: navMode) }
        let said = [epoch.gga?.hasFix, epoch.gns?.hasFix, epoch.rmc.map(\.isValid)].compactMap { $0 }
        if said.contains(true) { return hasAltitude ? .threeD : .twoD }
        return said.isEmpty ? nil : .noFix
    }
}
