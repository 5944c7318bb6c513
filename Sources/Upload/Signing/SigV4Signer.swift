/// Signature Version 4 (AWS, "Signing AWS API requests": create a canonical request, a string to sign,
/// derive the signing key, compute the signature), pure and synchronous: the hash functions and the
/// time are handed in.
package struct SigV4Signer: Sendable {
    package static let algorithm = "AWS4-HMAC-SHA256"

    package var key: AccessKey
    package var region: String
    /// `s3` for the upload.
    package var service: String
    package var path: PathCanonicalization
    package var hashes: any SigningHashes

    package init(key: AccessKey, region: String, service: String = "s3", path: PathCanonicalization = .s3,
                 hashes: any SigningHashes) {
        self.key = key
        self.region = region
        self.service = service
        self.path = path
        self.hashes = hashes
    }

    /// `date/region/service/aws4_request`.
    package func scope(_ time: SigningTime) -> String {
        "\(time.date)/\(region)/\(service)/aws4_request"
    }

    /// Signs `request` at `time`. Headers the signer sets (`x-amz-date`, and for S3
    /// `x-amz-content-sha256`; `x-amz-security-token` for a key with a session token) replace any of the
    /// same name in the request, so they are never signed twice.
    package func sign(_ request: SigningRequest, at time: SigningTime) throws(HashFailure) -> SignedRequest {
        var own = [HeaderField("x-amz-date", time.amzDate)]
        if path == .s3 { own.append(HeaderField("x-amz-content-sha256", request.payloadSHA256)) }
        if let token = key.sessionToken { own.append(HeaderField("x-amz-security-token", token)) }
        let ownNames = Set(own.map { $0.name.lowercased() })
        var signed = request
        signed.headers = request.headers.filter { !ownNames.contains($0.name.lowercased()) } + own

        let canonical = CanonicalRequest(signed, path: path)
        let canonicalHash = Hex.encode(try hashes.sha256(Array(canonical.text.utf8)))
        let stringToSign = [Self.algorithm, time.amzDate, scope(time), canonicalHash].joined(separator: "\n")
        let signature = Hex.encode(try hashes.hmacSHA256(key: try signingKey(time),
                                                         message: Array(stringToSign.utf8)))
        let authorization = "\(Self.algorithm) Credential=\(key.accessKeyID)/\(scope(time)), "
            + "SignedHeaders=\(canonical.signedHeaders), Signature=\(signature)"
        return SignedRequest(canonicalRequest: canonical, stringToSign: stringToSign, signature: signature,
                             authorization: authorization,
                             headers: signed.headers + [HeaderField("Authorization", authorization)])
    }

    /// HMAC chained over date, region, service and `aws4_request`, starting from `AWS4` + the secret.
    package func signingKey(_ time: SigningTime) throws(HashFailure) -> [UInt8] {
        var k = Array("AWS4\(key.secretAccessKey)".utf8)
        for part in [time.date, region, service, "aws4_request"] {
            k = try hashes.hmacSHA256(key: k, message: Array(part.utf8))
        }
        return k
    }
}
