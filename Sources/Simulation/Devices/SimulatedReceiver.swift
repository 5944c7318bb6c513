import Config
import Sensors

/// The simulated u-blox receiver: turns the walker's solution at each epoch into the bytes it
/// streams over DDC, in the configured protocol (`[simulation] gps_protocol`).
///
/// With both, the NMEA sentences come first and NAV-PVT last, so each cycle starts with a timed
/// sentence as the epoch assembler expects of a receiver; both carry the same 10 ms UTC time, so
/// they merge into one epoch.
package struct SimulatedReceiver: Sendable {
    package var output: SimulatedGPSProtocol
    package var nmea: NMEAEpochEncoder
    package var satellites: [SimulatedSatellite]
    /// Bytes and epochs produced so far.
    package private(set) var bytesProduced = 0
    package private(set) var epochsProduced = 0

    package init(output: SimulatedGPSProtocol, nmea: NMEAEpochEncoder = NMEAEpochEncoder(),
                satellites: [SimulatedSatellite] = SimulatedSatellite.townSky) {
        self.output = output
        self.nmea = nmea
        self.satellites = satellites
    }

    /// The burst for one epoch: `fix` nil during an outage; `utcSeconds` nil before the receiver has time.
    package mutating func burst(fix: Fix?, utcSeconds: Double?) -> [UInt8] {
        let epoch = ReceiverEpoch(utcMilliseconds: utcSeconds.map(ReceiverEpoch.milliseconds(utcSeconds:)),
                                  fix: fix, satellites: satellites)
        var bytes: [UInt8] = []
        if output != .ubx { bytes += nmea.bytes(for: epoch) }
        if output != .nmea { bytes += UBXNavPVTEncoder.frame(for: epoch, horizontalAccuracy: fix?.horizontalAccuracy) }
        bytesProduced += bytes.count
        epochsProduced += 1
        return bytes
    }
}
