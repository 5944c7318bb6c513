/// The server's answer, as the transport decodes it: the status, the headers, and from the XML body
/// S3's error code (`<Error><Code>`), CreateMultipartUpload's `<UploadId>` and ListParts' parts. The
/// transport reads the XML (with a library); the core sees only these values.
package struct OutboxResponse: Sendable, Hashable {
    package var status: Int
    package var headers: [HeaderField]
    package var errorCode: String?
    package var uploadID: String?
    package var parts: [OutboxRecord.Part]

    package init(status: Int, headers: [HeaderField] = [], errorCode: String? = nil, uploadID: String? = nil,
                 parts: [OutboxRecord.Part] = []) {
        self.status = status
        self.headers = headers
        self.errorCode = errorCode
        self.uploadID = uploadID
        self.parts = parts
    }

    /// A header's value, the name compared without case.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
