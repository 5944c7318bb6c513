/// The multipart uploads under this unit's keys that no record names: a crash between
/// CreateMultipartUpload and the write of the record that holds its upload id leaves one on the server,
/// where it keeps its parts (and their storage) until someone aborts it. The outbox aborts them when it
/// starts, before it sends anything else (docs/upload.md, "A crash at any moment").
package enum OrphanedUploads {
    /// Where the unit's keys begin: `<prefix><unit_id>/`. Only uploads under it are ours to abort.
    package static func keyPrefix(_ settings: OutboxSettings) -> String {
        "\(settings.prefix)\(settings.unitID)/"
    }

    /// Of the uploads listed, those under the unit's keys that no record names (the same key and the
    /// same upload id), in the order listed.
    package static func orphans(_ listed: [MultipartUpload], records: [OutboxRecord], settings: OutboxSettings) -> [MultipartUpload] {
        let prefix = keyPrefix(settings)
        let known = Set(records.compactMap { record in record.uploadID.map { MultipartUpload(key: record.key, uploadID: $0) } })
        return listed.filter { $0.key.hasPrefix(prefix) && !known.contains($0) }
    }

    /// AbortMultipartUpload of `upload`.
    package static func abortRequest(_ upload: MultipartUpload) -> OutboxRequest {
        OutboxRequest(operation: .abortMultipartUpload, method: "DELETE", key: upload.key,
                      query: [QueryParameter("uploadId", upload.uploadID)])
    }
}
