/// A multipart upload the server holds open: its key and upload id, as ListMultipartUploads lists it.
package struct MultipartUpload: Sendable, Hashable {
    package var key: String
    package var uploadID: String

    package init(key: String, uploadID: String) {
        self.key = key
        self.uploadID = uploadID
    }
}
