import Foundation
import Upload
import UploadPlatform
import UploadTransport
import WayfinderTestKit

/// Signs requests with our `SigV4Signer` and sends them with `S3Transport` to a `SeaweedServer`: what the
/// outbox will do, without the outbox.
struct S3TestClient {
    let endpoint: UploadEndpoint
    let transport: S3Transport
    let signer: SigV4Signer

    init(server: SeaweedServer, secret: String = SeaweedServer.secretAccessKey,
         bounds: TransportBounds = .standard) throws {
        endpoint = UploadEndpoint(scheme: .http, host: "127.0.0.1", port: server.port, path: "")
        transport = S3Transport(bounds: bounds)
        signer = SigV4Signer(key: AccessKey(accessKeyID: SeaweedServer.accessKeyID, secretAccessKey: secret),
                             region: "us-east-1", hashes: Nettle())
    }

    /// Signs and sends one request; the body's SHA-256 is signed (`x-amz-content-sha256`), as the outbox
    /// signs every payload.
    func send(_ method: TransportRequest.Method, _ path: String, query: [QueryParameter] = [],
              headers: [HeaderField] = [], body: RequestBody = .empty,
              cancellation: TransferCancellation? = nil,
              progress: ((Int64) -> Void)? = nil) throws -> Result<TransportResponse, TransportError> {
        let request = SigningRequest(method: method.rawValue, path: path, query: query,
                                     headers: [HeaderField("Host", endpoint.hostHeader)] + headers,
                                     payloadSHA256: try Self.sha256Hex(body))
        let time = SigningTime(secondsSince1970: Int64(Date().timeIntervalSince1970.rounded(.down)))
        let signed = try signer.sign(request, at: time)
        return transport.perform(TransportRequest(method: method, endpoint: endpoint, signed: signed, body: body),
                                 cancellation: cancellation, progress: progress)
    }

    /// The response, or a thrown error naming the transport's failure.
    func expectResponse(_ method: TransportRequest.Method, _ path: String, query: [QueryParameter] = [],
                        headers: [HeaderField] = [], body: RequestBody = .empty) throws -> TransportResponse {
        try send(method, path, query: query, headers: headers, body: body).get()
    }

    /// Creates `bucket` (PUT Bucket).
    func createBucket(_ bucket: String) throws {
        let response = try expectResponse(.put, "/\(bucket)")
        guard response.status == 200 else {
            throw Unexpected(description: "creating bucket \(bucket): \(response.status) \(String(decoding: response.body, as: UTF8.self))")
        }
    }

    static func sha256Hex(_ body: RequestBody) throws -> String {
        Hex.encode(try Nettle().sha256(try bytes(of: body)))
    }

    /// The bytes a body sends (the tests' files are small enough to hold).
    static func bytes(of body: RequestBody) throws -> [UInt8] {
        switch body {
        case .empty: return []
        case .bytes(let bytes): return bytes
        case .file(let path, let offset, let length):
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(offset))
            return Array(try handle.read(upToCount: Int(length)) ?? Data())
        }
    }

    /// The text between `<name>` and `</name>` of an XML answer, every occurrence.
    static func elements(_ name: String, in body: [UInt8]) -> [String] {
        let text = String(decoding: body, as: UTF8.self)
        var found: [String] = []
        var rest = text[...]
        while let open = rest.range(of: "<\(name)>"), let close = rest[open.upperBound...].range(of: "</\(name)>") {
            found.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return found
    }

    struct Unexpected: Error, CustomStringConvertible {
        let description: String
    }
}
