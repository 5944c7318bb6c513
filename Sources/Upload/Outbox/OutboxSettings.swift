import Vocabulary

/// What the outbox core needs of `[upload]`: where keys go, what goes up and when, and its limits.
package struct OutboxSettings: Sendable, Hashable {
    /// The keys' prefix as configured (`prefix`, taken as written, may be empty).
    package var prefix: String
    /// The unit's id (`UnitID.isKeySafe`).
    package var unitID: String
    package var walks: Bool
    package var samples: Bool
    /// `when = "idle"`: nothing is hashed or sent while a walk is in progress.
    package var onlyWhenIdle: Bool
    package var deleteAfterUpload: Bool
    /// Files of this size and more go by multipart upload.
    package var multipartThreshold: Int64
    /// Every part but the last has this size (S3 asks at least 5 MiB of every part but the last).
    package var partSize: Int64
    /// The retry rule for network errors and 5xx.
    package var backoff: RestartBackoff
    /// How long a sample file must stay unchanged (size and modification time, over scans) before it
    /// goes up; zero takes it at the first scan.
    package var sampleSettleTime: Duration

    package static let mebibytes8: Int64 = 8 * 1024 * 1024

    package init(prefix: String = "", unitID: String, walks: Bool = true, samples: Bool = true,
                 onlyWhenIdle: Bool = true, deleteAfterUpload: Bool = false,
                 multipartThreshold: Int64 = mebibytes8, partSize: Int64 = mebibytes8,
                 backoff: RestartBackoff = RestartBackoff(), sampleSettleTime: Duration = .seconds(120)) {
        self.prefix = prefix
        self.unitID = unitID
        self.walks = walks
        self.samples = samples
        self.onlyWhenIdle = onlyWhenIdle
        self.deleteAfterUpload = deleteAfterUpload
        self.multipartThreshold = multipartThreshold
        self.partSize = partSize
        self.backoff = backoff
        self.sampleSettleTime = sampleSettleTime
    }
}
