/// Which S3 operation a request is (Amazon S3 API Reference).
package enum OutboxOperation: Sendable, Hashable {
    case putObject
    case headObject
    case createMultipartUpload
    case uploadPart(number: Int)
    case listParts
    case completeMultipartUpload
    case abortMultipartUpload
}
