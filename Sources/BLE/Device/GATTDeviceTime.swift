/// The two timelines a device driver reads.
///
/// `session` stamps what the session sees and times its own deadlines and the reconnection backoff.
/// `link` times the driver's bounds on the transport (a request, a connection attempt). They are the
/// same clock on a Pi; on the simulated board, which runs session time faster than real time, the
/// link's bytes still cross real sockets, so their bounds stay in real time (20 s of a 300× session is
/// 67 ms, which a loaded machine misses).
package struct GATTDeviceTime: Sendable, Hashable {
    package var session: Duration
    package var link: Duration

    package init(session: Duration, link: Duration) {
        self.session = session
        self.link = link
    }

    /// One clock for both.
    package init(_ both: Duration) {
        self.init(session: both, link: both)
    }
}
