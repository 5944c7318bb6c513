import CCurl
import Glibc
import Upload

/// HTTP requests to S3-compatible storage through Debian's libcurl, one at a time. libcurl is loaded
/// at the first request (`Libcurl`); when it cannot be, every request fails with
/// `TransportError.libcurlUnavailable`, saying what to install.
///
/// `perform` is synchronous and blocks its thread for the whole transfer (up to the bounds of
/// `TransportBounds`, or for as long as a large part keeps moving). Call it from a thread of its own,
/// never from the appliance's event loop nor from Swift's cooperative pool: the actor that owns a
/// transport runs each request on a dedicated thread and awaits its result. One transport is used by
/// one thread at a time (a libcurl easy handle must not be shared between threads, libcurl-thread(3));
/// reusing it keeps the connection alive between requests, so a multipart upload's parts share one.
///
/// The requests come signed by our own `SigV4Signer`; libcurl's CURLOPT_AWS_SIGV4 is not used (its
/// canonicalisation changed between Debian 12's and 13's curl, docs/upload.md).
package final class S3Transport {
    package let bounds: TransportBounds
    /// The easy handle, made at the first request, once libcurl is loaded (`Libcurl`).
    private var curl: UnsafeMutableRawPointer?
    /// CURLOPT_ERRORBUFFER: curl's words for the last failure.
    private let errorBuffer: UnsafeMutablePointer<CChar>

    /// A transport whose requests end within `bounds`. libcurl is loaded at the first request, not
    /// here: a transport that never sends never loads it, and one that cannot load it answers each
    /// request with why (`TransportError.libcurlUnavailable`).
    package init(bounds: TransportBounds = .standard) {
        self.bounds = bounds
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        if let curl { wf_curl_easy_cleanup(curl) }
        errorBuffer.deallocate()
    }

    /// The easy handle, loading libcurl and making it the first time; why not, when it cannot be.
    private func handle() -> Result<UnsafeMutableRawPointer, TransportError> {
        if let curl { return .success(curl) }
        if let failure = Libcurl.load() { return .failure(.libcurlUnavailable(failure)) }
        guard let made = wf_curl_easy_init() else {
            return .failure(.other(code: Int(CURLE_OUT_OF_MEMORY.rawValue), detail: "curl_easy_init could not make a handle: out of memory"))
        }
        curl = made
        return .success(made)
    }

    /// Sends `request` and returns the response, whatever its status, or why there is none.
    /// `cancellation` stops the transfer from another thread; `progress` is told the body bytes sent so
    /// far, on this thread, at least once a second.
    package func perform(_ request: TransportRequest, cancellation: TransferCancellation? = nil,
                         progress: ((Int64) -> Void)? = nil) -> Result<TransportResponse, TransportError> {
        let curl: UnsafeMutableRawPointer
        switch handle() {
        case .success(let handle): curl = handle
        case .failure(let error): return .failure(error)
        }
        var file: Int32 = -1
        if case .file(let path, let offset, let length) = request.body {
            guard offset >= 0, length >= 0, offset <= Int64.max - length else {
                return .failure(.file(path: path, detail: "the range \(offset)+\(length) is not a range of a file"))
            }
            file = open(path, O_RDONLY | O_CLOEXEC)
            guard file >= 0 else { return .failure(.file(path: path, detail: String(cString: strerror(errno)))) }
        }
        defer { if file >= 0 { close(file) } }

        let context = TransferContext(body: request.body, file: file, bodyLimit: bounds.responseBodyLimit,
                                      cancellation: cancellation, progress: progress)
        let pointer = Unmanaged.passUnretained(context).toOpaque()
        wf_curl_easy_reset(curl)
        // Nothing that points at this transfer's context stays set on the handle between requests.
        defer { wf_curl_easy_reset(curl) }
        errorBuffer[0] = 0
        var headers: UnsafeMutablePointer<curl_slist>?
        defer { wf_curl_slist_free_all(headers) }
        for line in Self.headerLines(request) {
            // curl_slist_append copies the string; on failure (no memory) the list so far is kept.
            if let appended = wf_curl_slist_append(headers, line) { headers = appended }
        }

        let code: CURLcode = withExtendedLifetime(context) {
            configure(curl, request, context: pointer, headers: headers)
            return wf_curl_easy_perform(curl)
        }

        guard code == CURLE_OK else { return .failure(error(code, curl: curl, request: request, context: context)) }
        var status = 0
        _ = wf_curl_get_long(curl, CURLINFO_RESPONSE_CODE, &status)
        return .success(TransportResponse(status: status, headers: context.headers, body: context.response,
                                          bodyTruncated: context.truncated))
    }

    /// The header lines to send: the request's own, then `Expect:` switched off (libcurl adds
    /// `Expect: 100-continue` to a PUT and to a POST that is not minuscule, everything curl's "Expect
    /// 100-continue", which costs a round trip per request, or a second's wait with a server that does
    /// not answer it; S3 needs none, a refused request is answered before the body is read) and, for a
    /// POST, curl's default form Content-Type removed unless the request gives one.
    package static func headerLines(_ request: TransportRequest) -> [String] {
        // "Name;" sends a header with an empty value; "Name:" would remove curl's own.
        var lines = request.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        lines.append("Expect:")
        if request.method == .post, !request.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            lines.append("Content-Type:")
        }
        return lines
    }

    private func configure(_ curl: UnsafeMutableRawPointer, _ request: TransportRequest, context: UnsafeMutableRawPointer,
                           headers: UnsafeMutablePointer<curl_slist>?) {
        _ = wf_curl_set_string(curl, CURLOPT_URL, request.url)
        _ = wf_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, errorBuffer)
        // No signals: name resolution's timeout otherwise uses SIGALRM, unsafe in a threaded program
        // (CURLOPT_NOSIGNAL(3)).
        _ = wf_curl_set_long(curl, CURLOPT_NOSIGNAL, 1)
        _ = wf_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = wf_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(bounds.connect))
        _ = wf_curl_set_long(curl, CURLOPT_LOW_SPEED_LIMIT, bounds.lowSpeedBytesPerSecond)
        _ = wf_curl_set_long(curl, CURLOPT_LOW_SPEED_TIME, max(1, Self.milliseconds(bounds.lowSpeedTime) / 1000))
        _ = wf_curl_set_long(curl, CURLOPT_TCP_KEEPALIVE, 1)
        _ = wf_curl_set_pointer(curl, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headers))

        _ = wf_curl_set_data_callback(curl, CURLOPT_READFUNCTION) { buffer, size, count, context in
            guard let buffer, let context else { return Int(CURL_READFUNC_ABORT) }
            let (capacity, overflow) = size.multipliedReportingOverflow(by: count)
            return Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue()
                .read(into: buffer, capacity: overflow ? Int.max : capacity)
        }
        _ = wf_curl_set_pointer(curl, CURLOPT_READDATA, context)
        _ = wf_curl_set_seek_callback(curl) { context, offset, origin in
            guard let context else { return Int32(CURL_SEEKFUNC_FAIL) }
            return Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue().seek(to: Int64(offset), origin: origin)
        }
        _ = wf_curl_set_pointer(curl, CURLOPT_SEEKDATA, context)
        _ = wf_curl_set_data_callback(curl, CURLOPT_HEADERFUNCTION) { buffer, size, count, context in
            let (total, overflow) = size.multipliedReportingOverflow(by: count)
            guard let buffer, let context, !overflow else { return 0 }
            buffer.withMemoryRebound(to: UInt8.self, capacity: total) {
                Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue()
                    .header(UnsafeBufferPointer(start: $0, count: total))
            }
            return total
        }
        _ = wf_curl_set_pointer(curl, CURLOPT_HEADERDATA, context)
        _ = wf_curl_set_data_callback(curl, CURLOPT_WRITEFUNCTION) { buffer, size, count, context in
            let (total, overflow) = size.multipliedReportingOverflow(by: count)
            guard let buffer, let context, !overflow else { return 0 }
            buffer.withMemoryRebound(to: UInt8.self, capacity: total) {
                Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue()
                    .write(UnsafeBufferPointer(start: $0, count: total))
            }
            return total
        }
        _ = wf_curl_set_pointer(curl, CURLOPT_WRITEDATA, context)
        _ = wf_curl_set_long(curl, CURLOPT_NOPROGRESS, 0)
        _ = wf_curl_set_xferinfo_callback(curl) { context, _, _, _, uploaded in
            guard let context else { return 1 }
            return Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue().tick(uploaded: Int64(uploaded))
        }
        _ = wf_curl_set_pointer(curl, CURLOPT_XFERINFODATA, context)

        switch request.method {
        case .get:
            _ = wf_curl_set_long(curl, CURLOPT_HTTPGET, 1)
        case .head:
            _ = wf_curl_set_long(curl, CURLOPT_NOBODY, 1)
        case .put:
            _ = wf_curl_set_long(curl, CURLOPT_UPLOAD, 1)
            _ = wf_curl_set_offset(curl, CURLOPT_INFILESIZE_LARGE, curl_off_t(clamping: request.body.length))
        case .post:
            _ = wf_curl_set_long(curl, CURLOPT_POST, 1)
            _ = wf_curl_set_offset(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(clamping: request.body.length))
        case .delete:
            _ = wf_curl_set_string(curl, CURLOPT_CUSTOMREQUEST, "DELETE")
        }
    }

    /// What went wrong, from curl's code, the system's errno and whether the connection was up.
    private func error(_ code: CURLcode, curl: UnsafeMutableRawPointer, request: TransportRequest, context: TransferContext) -> TransportError {
        let origin = Self.origin(of: request.url)
        let words = String(cString: errorBuffer)
        let detail = words.isEmpty ? String(cString: wf_curl_easy_strerror(code)) : words
        var osErrno = 0
        _ = wf_curl_get_long(curl, CURLINFO_OS_ERRNO, &osErrno)
        var connectTime: curl_off_t = 0
        _ = wf_curl_get_offset(curl, CURLINFO_CONNECT_TIME_T, &connectTime)
        // A connection kept from an earlier request has no connect time in this transfer (0), but
        // the request's headers went out on it: a timeout then is a stall, not a connection never made.
        var requestSize = 0
        _ = wf_curl_get_long(curl, CURLINFO_REQUEST_SIZE, &requestSize)

        if let failure = context.readFailure, case .file(let path, _, _) = request.body {
            return .file(path: path, detail: failure)
        }
        switch code {
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        case CURLE_COULDNT_RESOLVE_HOST:
            return .nameNotResolved(host: Self.host(of: origin), detail: detail)
        case CURLE_COULDNT_CONNECT where osErrno == Int(ECONNREFUSED):
            // The system's words: curl's buffer keeps its first message of the transfer, which is the
            // reset of a reused connection when curl retried on a fresh one.
            return .refused(endpoint: origin, detail: String(cString: strerror(ECONNREFUSED)))
        case CURLE_COULDNT_CONNECT:
            return .unreachable(endpoint: origin, detail: detail)
        case CURLE_OPERATION_TIMEDOUT where connectTime > 0 || requestSize > 0:
            return .stalled(endpoint: origin, bytesPerSecond: bounds.lowSpeedBytesPerSecond,
                            seconds: Self.seconds(bounds.lowSpeedTime))
        case CURLE_OPERATION_TIMEDOUT:
            return .connectTimeout(endpoint: origin, seconds: Self.seconds(bounds.connect))
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE, CURLE_SSL_SHUTDOWN_FAILED,
             CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED:
            return .tls(endpoint: origin, detail: detail)
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE, CURLE_SEND_FAIL_REWIND:
            return .connectionLost(endpoint: origin, detail: detail)
        default:
            return .other(code: Int(code.rawValue), detail: detail)
        }
    }

    /// `scheme://host[:port]` of a URL, for messages.
    static func origin(of url: String) -> String {
        guard let schemeEnd = url.firstRange(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        return String(url[..<(rest.firstIndex(of: "/") ?? url.endIndex)])
    }

    /// The host of an origin, without scheme and port (an IPv6 address keeps its brackets).
    static func host(of origin: String) -> String {
        let afterScheme = origin.firstRange(of: "://").map { origin[$0.upperBound...] } ?? Substring(origin)
        if afterScheme.hasPrefix("["), let close = afterScheme.firstIndex(of: "]") {
            return String(afterScheme[...close])
        }
        return String(afterScheme.prefix { $0 != ":" })
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return overflow ? Int.max : Int(clamping: whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000).partialValue)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(milliseconds(duration)) / 1000
    }
}
