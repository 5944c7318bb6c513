/// The storage's address as `[upload] endpoint` gives it: `http://` or `https://`, a host (a name, an
/// IPv4 address or a bracketed IPv6 address), an optional port and an optional path the service is
/// mounted under. No user name or password (the key is in the credentials file), no query, no fragment.
package struct UploadEndpoint: Sendable, Hashable, CustomStringConvertible {
    package enum Scheme: String, Sendable, Hashable {
        case http, https
    }

    package var scheme: Scheme
    package var host: String
    package var port: Int?
    /// Empty, or starting with `/` and not ending with one.
    package var path: String

    package init(scheme: Scheme, host: String, port: Int?, path: String) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path
    }

    /// The `Host` header's value: the port only when it is not the scheme's own.
    package var hostHeader: String {
        guard let port, port != (scheme == .https ? 443 : 80) else { return host }
        return "\(host):\(port)"
    }

    package var description: String {
        "\(scheme.rawValue)://\(host)\(port.map { ":\($0)" } ?? "")\(path)"
    }

    /// The endpoint in `text`, or what is wrong with it.
    package static func parse(_ text: String) -> Result<UploadEndpoint, Problem> {
        let lower = text.lowercased()
        let scheme: Scheme
        if lower.hasPrefix("https://") { scheme = .https } else if lower.hasPrefix("http://") { scheme = .http } else {
            return .failure(Problem("must start with http:// or https://, e.g. \"https://s3.eu-central-1.amazonaws.com\""))
        }
        let rest = text.dropFirst(scheme == .https ? 8 : 7)
        if rest.contains("?") || rest.contains("#") {
            return .failure(Problem("must not have a query or a fragment (? or #)"))
        }
        if rest.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value >= 0x7F }) {
            return .failure(Problem("must not hold spaces, control characters or non-ASCII letters (write an IDN host in its xn-- form)"))
        }
        let authority = rest.prefix { $0 != "/" }
        var path = String(rest.dropFirst(authority.count))
        while path.hasSuffix("/") { path.removeLast() }
        if authority.contains("@") {
            return .failure(Problem("must not hold a user name or password; the key belongs in the credentials file"))
        }
        var host = Substring(authority)
        var portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return .failure(Problem("has an IPv6 address without its closing ]")) }
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty {
                return .failure(Problem("has something after the IPv6 address that is not :port"))
            }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.isEmpty, host != "[]" else { return .failure(Problem("has no host, e.g. \"http://127.0.0.1:8333\"")) }
        if !host.hasPrefix("["), !host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }) {
            return .failure(Problem("has a host with characters a host name cannot hold"))
        }
        var port: Int?
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p), portText.allSatisfy(\.isNumber) else {
                return .failure(Problem("has a port that is not 1–65535"))
            }
            port = p
        }
        return .success(UploadEndpoint(scheme: scheme, host: String(host), port: port, path: path))
    }

    package struct Problem: Error, Sendable, Hashable {
        package var message: String
        init(_ message: String) { self.message = message }
    }
}
