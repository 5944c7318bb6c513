#if canImport(Glibc)
import Glibc
#endif
import Upload
import UploadPlatform
import UploadTransport

/// Turns the core's `OutboxRequest` into a signed HTTP request (path-style: `/<bucket>/<key>` under
/// the endpoint's own path), sends it with `S3Transport`, and turns the answer into the event the core
/// waits for. Synchronous and blocking: run on the outbox's own thread.
package struct OutboxSender: Sendable {
    package let endpoint: UploadEndpoint
    package let bucket: String
    package let signer: SigV4Signer
    package let files: OutboxFiles

    package init(endpoint: UploadEndpoint, bucket: String, region: String, key: AccessKey, files: OutboxFiles) {
        self.endpoint = endpoint
        self.bucket = bucket
        signer = SigV4Signer(key: key, region: region, hashes: Nettle())
        self.files = files
    }

    /// The object's path as signed and sent; the bucket's own for an empty key.
    package func path(key: String) -> String {
        key.isEmpty ? "\(endpoint.path)/\(bucket)" : "\(endpoint.path)/\(bucket)/\(key)"
    }

    /// Why a listing failed, in one line.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The multipart uploads the server holds open under `prefix` (ListMultipartUploads, its first
    /// page of up to 1,000), or why they could not be listed.
    package func multipartUploads(prefix: String, transport: S3Transport, signingTime: Int64,
                                  cancellation: TransferCancellation?) -> Result<[MultipartUpload], Failure> {
        let request = OutboxRequest(operation: .listParts, method: "GET", key: "",
                                    query: [QueryParameter("uploads"), QueryParameter("prefix", prefix)])
        let signing = SigningRequest(method: "GET", path: path(key: ""), query: request.query,
                                     headers: [HeaderField("Host", endpoint.hostHeader)],
                                     payloadSHA256: SigningRequest.emptyPayloadSHA256)
        let signed: SignedRequest
        do {
            signed = try signer.sign(signing, at: SigningTime(secondsSince1970: signingTime))
        } catch {
            return .failure(Failure(description: "cannot sign the request: \(error)"))
        }
        switch transport.perform(TransportRequest(method: .get, endpoint: endpoint, signed: signed, body: .empty),
                                 cancellation: cancellation) {
        case .failure(let error):
            return .failure(Failure(description: error.description))
        case .success(let response):
            guard response.status == 200 else {
                return .failure(Failure(description: "\(response.status)\(response.s3Error.map { " \($0.code)" } ?? "")"))
            }
            return .success(S3ResultDocument.uploads(in: response.body))
        }
    }

    /// Sends `request`, signed at `signingTime` (seconds since 1970, UTC).
    package func send(_ request: OutboxRequest, transport: S3Transport, signingTime: Int64,
                      cancellation: TransferCancellation?) -> OutboxEvent {
        let body: RequestBody
        let payloadSHA256: String
        switch request.payload {
        case .empty:
            body = .empty
            payloadSHA256 = SigningRequest.emptyPayloadSHA256
        case .file(let relative, let sha256):
            let full = "\(files.stateDirectory)/\(relative)"
            var info = stat()
            guard stat(full, &info) == 0 else {
                return .networkFailed(reason: "cannot read \(full) to send it (\(String(cString: strerror(errno))))")
            }
            body = .file(path: full, offset: 0, length: Int64(info.st_size))
            payloadSHA256 = sha256
        case .fileRange(let relative, let offset, let length):
            let full = "\(files.stateDirectory)/\(relative)"
            do {
                payloadSHA256 = Hex.encode(try FileSHA256.digest(path: full, offset: offset, length: length))
            } catch {
                return .networkFailed(reason: "cannot read part of \(full) to send it (\(error))")
            }
            body = .file(path: full, offset: offset, length: length)
        case .bytes(let bytes):
            do {
                payloadSHA256 = Hex.encode(try Nettle().sha256(bytes))
            } catch {
                return .networkFailed(reason: "\(error)")
            }
            body = .bytes(bytes)
        }
        guard let method = TransportRequest.Method(rawValue: request.method) else {
            return .networkFailed(reason: "the method \(request.method) is not one the transport sends")
        }
        let signing = SigningRequest(method: request.method, path: path(key: request.key), query: request.query,
                                     headers: [HeaderField("Host", endpoint.hostHeader)] + request.headers,
                                     payloadSHA256: payloadSHA256)
        let signed: SignedRequest
        do {
            signed = try signer.sign(signing, at: SigningTime(secondsSince1970: signingTime))
        } catch {
            return .networkFailed(reason: "cannot sign the request: \(error)")
        }
        switch transport.perform(TransportRequest(method: method, endpoint: endpoint, signed: signed, body: body),
                                 cancellation: cancellation) {
        case .failure(let error):
            return .networkFailed(reason: error.description)
        case .success(let response):
            return .response(Self.outboxResponse(response, to: request.operation))
        }
    }

    /// What the core reads of an answer.
    package static func outboxResponse(_ response: TransportResponse, to operation: OutboxOperation) -> OutboxResponse {
        var result = OutboxResponse(status: response.status, headers: response.headers, errorCode: response.s3Error?.code)
        switch operation {
        case .createMultipartUpload: result.uploadID = S3ResultDocument.uploadID(in: response.body)
        case .listParts: result.parts = S3ResultDocument.parts(in: response.body)
        default: break
        }
        return result
    }
}
