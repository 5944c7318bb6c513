import Upload
import UploadPlatform

/// The local files of an outbox test: each file's content is a token (the bytes stand for themselves
/// only through it), its size and modification time; its SHA-256 is that of the token.
struct ModelFile: Hashable {
    var content: String
    var size: Int64
    var modified: Int64
    var sha256: String { ModelFile.sha256(of: content) }

    static func sha256(of content: String) -> String {
        Hex.encode((try? Nettle().sha256(Array(content.utf8))) ?? [])
    }
}

/// A small S3 for the tests: objects with their x-amz-meta-sha256, multipart uploads with their parts,
/// `If-None-Match: *` honoured on PUT and CompleteMultipartUpload, the payload's SHA-256 checked as S3
/// checks `x-amz-content-sha256`, and the answers' status codes and error codes as Amazon S3's API
/// Reference gives them. It counts how often each key was created, to prove nothing is stored twice.
struct S3Model {
    struct Object: Hashable {
        var content: String
        var size: Int64
        var metaSHA256: String?
    }

    struct StoredPart: Hashable {
        var content: String
        var offset: Int64
        var length: Int64
        var etag: String
    }

    struct Upload: Hashable {
        var key: String
        var metaSHA256: String?
        var parts: [Int: StoredPart] = [:]
    }

    var objects: [String: Object] = [:]
    var uploads: [String: Upload] = [:]
    var creations: [String: Int] = [:]
    var nextUploadID = 1

    /// Whether `object` is the file's content, whole, under the file's SHA-256.
    func holds(_ key: String, intact file: ModelFile) -> Bool {
        guard let object = objects[key] else { return false }
        return object.content == file.content && object.size == file.size && object.metaSHA256 == file.sha256
    }

    mutating func handle(_ request: OutboxRequest, files: [String: ModelFile]) -> OutboxResponse {
        let key = request.key
        func query(_ name: String) -> String? { request.query.first { $0.name == name }?.value }
        switch request.operation {
        case .putObject:
            guard case .file(let path, let sha256) = request.payload, let file = files[path] else {
                return OutboxResponse(status: 400, errorCode: "IncompleteBody")
            }
            guard file.sha256 == sha256 else { return OutboxResponse(status: 400, errorCode: "XAmzContentSHA256Mismatch") }
            if request.header("If-None-Match") == "*", objects[key] != nil {
                return OutboxResponse(status: 412, errorCode: "PreconditionFailed")
            }
            objects[key] = Object(content: file.content, size: file.size, metaSHA256: request.header("x-amz-meta-sha256"))
            creations[key, default: 0] += 1
            return OutboxResponse(status: 200, headers: [HeaderField("ETag", "\"\(file.content)\"")])
        case .headObject:
            guard let object = objects[key] else { return OutboxResponse(status: 404) }
            return OutboxResponse(status: 200, headers: object.metaSHA256.map { [HeaderField("x-amz-meta-sha256", $0)] } ?? [])
        case .createMultipartUpload:
            let id = "upload-\(nextUploadID)"
            nextUploadID += 1
            uploads[id] = Upload(key: key, metaSHA256: request.header("x-amz-meta-sha256"))
            return OutboxResponse(status: 200, uploadID: id)
        case .uploadPart(let number):
            guard let id = query("uploadId"), uploads[id]?.key == key else {
                return OutboxResponse(status: 404, errorCode: "NoSuchUpload")
            }
            guard case .fileRange(let path, let offset, let length) = request.payload, let file = files[path],
                  offset + length <= file.size, query("partNumber") == String(number) else {
                return OutboxResponse(status: 400, errorCode: "IncompleteBody")
            }
            let etag = "\"\(file.content)@\(offset)+\(length)\""
            uploads[id]?.parts[number] = StoredPart(content: file.content, offset: offset, length: length, etag: etag)
            return OutboxResponse(status: 200, headers: [HeaderField("ETag", etag)])
        case .listParts:
            guard let id = query("uploadId"), let upload = uploads[id], upload.key == key else {
                return OutboxResponse(status: 404, errorCode: "NoSuchUpload")
            }
            let parts = upload.parts.sorted { $0.key < $1.key }
                .map { OutboxRecord.Part(number: $0.key, size: $0.value.length, etag: $0.value.etag) }
            return OutboxResponse(status: 200, parts: parts)
        case .completeMultipartUpload:
            guard let id = query("uploadId"), let upload = uploads[id], upload.key == key else {
                return OutboxResponse(status: 404, errorCode: "NoSuchUpload")
            }
            let ordered = upload.parts.sorted { $0.key < $1.key }
            let named = ordered.map { OutboxRecord.Part(number: $0.key, size: $0.value.length, etag: $0.value.etag) }
            guard case .bytes(let body) = request.payload, body == Array(OutboxMachine.completionXML(named).utf8) else {
                return OutboxResponse(status: 400, errorCode: "InvalidPart")
            }
            // The parts must follow each other from the first byte, all of one content, all but the
            // last at least 5 MiB (S3's EntityTooSmall).
            var offset: Int64 = 0
            for (index, (number, part)) in ordered.enumerated() {
                guard number == index + 1, part.offset == offset else {
                    return OutboxResponse(status: 400, errorCode: "InvalidPartOrder")
                }
                if index < ordered.count - 1, part.length < 5 * 1024 * 1024 {
                    return OutboxResponse(status: 400, errorCode: "EntityTooSmall")
                }
                offset += part.length
            }
            if request.header("If-None-Match") == "*", objects[key] != nil {
                return OutboxResponse(status: 412, errorCode: "PreconditionFailed")
            }
            // S3 joins whatever parts it holds: parts read from different versions of a file make an
            // object that is none of them.
            let contents = Set(ordered.map(\.value.content))
            let content = contents.count == 1 ? contents.first ?? "" : "mixed"
            objects[key] = Object(content: content, size: offset, metaSHA256: upload.metaSHA256)
            creations[key, default: 0] += 1
            uploads[id] = nil
            return OutboxResponse(status: 200, headers: [HeaderField("ETag", "\"multipart-\(id)\"")])
        case .abortMultipartUpload:
            guard let id = query("uploadId"), uploads[id]?.key == key else {
                return OutboxResponse(status: 404, errorCode: "NoSuchUpload")
            }
            uploads[id] = nil
            return OutboxResponse(status: 204)
        }
    }
}
