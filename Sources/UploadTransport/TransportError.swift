/// Why a request got no HTTP response, each with one line saying what happened and what to do. A
/// response with any status (403, 412, 503) is not an error here: it is a `TransportResponse`, and the
/// outbox decides what it means.
package enum TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The endpoint's host name did not resolve (CURLE_COULDNT_RESOLVE_HOST).
    case nameNotResolved(host: String, detail: String)
    /// Nothing listens at the endpoint's port (ECONNREFUSED).
    case refused(endpoint: String, detail: String)
    /// No connection for another reason: no route, network down (CURLE_COULDNT_CONNECT).
    case unreachable(endpoint: String, detail: String)
    /// The TLS handshake or the server's certificate failed (CURLE_SSL_*, CURLE_PEER_FAILED_VERIFICATION).
    case tls(endpoint: String, detail: String)
    /// No connection within `TransportBounds.connect`. Also what the unit's `IPAddressDeny=`
    /// (systemd.resource-control(5)) looks like from inside: its filter drops the SYN, which TCP sends
    /// again until the bound, so the message names that cause too.
    case connectTimeout(endpoint: String, seconds: Double)
    /// Connected, but under `TransportBounds.lowSpeedBytesPerSecond` for `lowSpeedTime`.
    case stalled(endpoint: String, bytesPerSecond: Int, seconds: Double)
    /// The connection broke mid-request: reset, closed before a response (CURLE_SEND_ERROR,
    /// CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE).
    case connectionLost(endpoint: String, detail: String)
    /// The body's file could not be opened or read.
    case file(path: String, detail: String)
    /// `TransferCancellation.cancel()` was called.
    case cancelled
    /// Anything else libcurl reported, with its code and words.
    case other(code: Int, detail: String)
    /// libcurl itself could not be loaded (`Libcurl`): nothing was sent.
    case libcurlUnavailable(LibcurlLoadFailure)

    package var description: String {
        switch self {
        case .nameNotResolved(let host, let detail):
            "cannot resolve \(host) (\(detail)): check [upload] endpoint and the network's DNS"
        case .refused(let endpoint, let detail):
            "\(endpoint) refused the connection (\(detail)): is the storage server running at that port?"
        case .unreachable(let endpoint, let detail):
            "cannot connect to \(endpoint) (\(detail)): check the network and [upload] endpoint"
        case .tls(let endpoint, let detail):
            "TLS with \(endpoint) failed (\(detail)): check the server's certificate and the system's CA certificates"
        case .connectTimeout(let endpoint, let seconds):
            "no connection to \(endpoint) within \(Self.seconds(seconds)): the server or the network is down, "
                + "or, under systemd, the unit allows only localhost: allow the storage's address in a drop-in, "
                + "`systemctl edit wayfinder`, [Service] IPAddressAllow=ADDRESS (docs/upload.md, \"Under systemd\")"
        case .stalled(let endpoint, let rate, let seconds):
            "the transfer with \(endpoint) stalled (under \(rate) bytes/s for \(Self.seconds(seconds))): the link is too weak or the server stopped answering"
        case .connectionLost(let endpoint, let detail):
            "the connection to \(endpoint) broke mid-request (\(detail)): the server restarted or the network dropped"
        case .file(let path, let detail):
            "cannot read \(path) to send it (\(detail))"
        case .cancelled:
            "the transfer was cancelled"
        case .other(let code, let detail):
            "the request failed: \(detail) (libcurl error \(code))"
        case .libcurlUnavailable(let failure):
            failure.description
        }
    }

    static func seconds(_ value: Double) -> String {
        if let whole = Int64(exactly: value) { "\(whole) s" } else { "\(value) s" }
    }
}
