/// How long a request may take before it ends with an error, so a dead or stalled connection never
/// holds the outbox. There is no bound on a whole transfer: a large part over a slow link may rightly
/// take minutes, as long as bytes keep moving.
package struct TransportBounds: Sendable, Hashable {
    /// Until the TCP (and TLS) connection is up (CURLOPT_CONNECTTIMEOUT_MS), name resolution included.
    package var connect: Duration
    /// A transfer slower than `lowSpeedBytesPerSecond` for `lowSpeedTime` is stalled and ended
    /// (CURLOPT_LOW_SPEED_LIMIT, CURLOPT_LOW_SPEED_TIME): this is what ends a connection whose peer
    /// vanished without a reset (a Wi-Fi gone out of range), which TCP alone notices only after many
    /// minutes of retransmissions.
    package var lowSpeedBytesPerSecond: Int
    package var lowSpeedTime: Duration
    /// The most of a response body kept: S3's error documents and ListParts' answers are a few KiB.
    package var responseBodyLimit: Int

    package init(connect: Duration, lowSpeedBytesPerSecond: Int, lowSpeedTime: Duration, responseBodyLimit: Int) {
        self.connect = connect
        self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
        self.lowSpeedTime = lowSpeedTime
        self.responseBodyLimit = responseBodyLimit
    }

    /// 10 s to connect; ended when under 1 KiB/s for 30 s; 256 KiB of response body.
    package static let standard = TransportBounds(connect: .seconds(10), lowSpeedBytesPerSecond: 1024,
                                                  lowSpeedTime: .seconds(30), responseBodyLimit: 256 * 1024)
}
