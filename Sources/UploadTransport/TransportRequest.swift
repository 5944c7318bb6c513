import Upload

/// One HTTP request as it goes on the wire: the method, the URL, the headers (the signer's among
/// them), the body.
package struct TransportRequest: Sendable, Hashable {
    package enum Method: String, Sendable, Hashable {
        case get = "GET", put = "PUT", post = "POST", head = "HEAD", delete = "DELETE"
    }

    package var method: Method
    package var url: String
    package var headers: [HeaderField]
    package var body: RequestBody

    package init(method: Method, url: String, headers: [HeaderField], body: RequestBody) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The request `signed` describes, sent to `endpoint`: the URL's path and query are the canonical
    /// request's own (percent-encoded once, the query sorted), so the server canonicalises exactly what
    /// was signed; the headers are the signed ones, `Host` and `Authorization` among them. The signed
    /// path is the whole path, the endpoint's own path (a service mounted under one) included.
    package init(method: Method, endpoint: UploadEndpoint, signed: SignedRequest, body: RequestBody) {
        let query = signed.canonicalRequest.query
        let port = endpoint.port.map { ":\($0)" } ?? ""
        self.init(method: method,
                  url: "\(endpoint.scheme.rawValue)://\(endpoint.host)\(port)\(signed.canonicalRequest.uri)"
                      + (query.isEmpty ? "" : "?\(query)"),
                  headers: signed.headers, body: body)
    }
}
