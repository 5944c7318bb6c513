import Upload

/// What `[upload]` says: where walks and samples go (an S3-compatible service), with which key, which
/// files, when, and under which unit id (docs/upload.md). No `[upload]` table: nothing is uploaded.
package struct UploadSettings: Sendable, Hashable {
    package var endpoint: UploadEndpoint
    package var bucket: String
    package var region: String
    /// Put before every key (`<prefix><unit_id>/walks/…`): empty, or not starting with `/`.
    package var prefix: String
    /// The AWS shared-credentials file, absolute. Under systemd the service reads the copy the unit's
    /// `LoadCredential=upload:…` puts in `$CREDENTIALS_DIRECTORY` instead (docs/upload.md).
    package var credentials: String
    package var what: Set<UploadContent>
    package var when: UploadTiming
    /// Nil: the pseudonym derived from the machine id (`UnitID`).
    package var unitID: String?
    package var deleteAfterUpload: Bool

    package static let defaultRegion = "us-east-1"
    package static let defaultCredentials = "/etc/wayfinder/upload.credentials"
    /// Longer prefixes leave too little of S3's 1024-byte key for the unit id, the walk and the file.
    package static let maxPrefixBytes = 512

    package init(endpoint: UploadEndpoint, bucket: String, region: String = defaultRegion, prefix: String = "",
                 credentials: String = defaultCredentials, what: Set<UploadContent> = Set(UploadContent.allCases),
                 when: UploadTiming = .idle, unitID: String? = nil, deleteAfterUpload: Bool = false) {
        self.endpoint = endpoint
        self.bucket = bucket
        self.region = region
        self.prefix = prefix
        self.credentials = credentials
        self.what = what
        self.when = when
        self.unitID = unitID
        self.deleteAfterUpload = deleteAfterUpload
    }

    /// One line for `config check` and the log.
    package var summary: String {
        let contents = UploadContent.allCases.filter(what.contains).map(\.rawValue).joined(separator: " and ")
        let timing = when == .idle ? "while no walk is in progress" : "also during a walk"
        let unit = unitID ?? "<unit id>"
        return "\(contents.isEmpty ? "nothing" : contents) to \(endpoint)/\(bucket)/\(prefix)\(unit)/ \(timing)"
            + (deleteAfterUpload ? ", deleted once stored" : "")
    }
}
