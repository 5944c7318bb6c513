/// An S3 access key: what signs a request. The secret is never printed (`description` hides it).
package struct AccessKey: Sendable, Hashable, CustomStringConvertible {
    package var accessKeyID: String
    package var secretAccessKey: String
    /// A temporary key's session token (AWS STS), sent as `x-amz-security-token`.
    package var sessionToken: String?

    package init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    package var description: String {
        "access key \(accessKeyID)\(sessionToken == nil ? "" : " with a session token")"
    }
}
