import CCurl
import Glibc
import Upload

/// The state of one transfer that libcurl's callbacks reach through their context pointer: the body
/// being read, the response being collected, the cancellation asked for.
final class TransferContext {
    let body: RequestBody
    let file: Int32
    let bodyLimit: Int
    let cancellation: TransferCancellation?
    let progress: ((Int64) -> Void)?
    /// Bytes of the body handed to curl so far (curl rewinds it through `seek` to resend on a fresh
    /// connection).
    var position: Int64 = 0
    var readFailure: String?
    var headers: [HeaderField] = []
    var response: [UInt8] = []
    var truncated = false

    init(body: RequestBody, file: Int32, bodyLimit: Int, cancellation: TransferCancellation?,
         progress: ((Int64) -> Void)?) {
        self.body = body
        self.file = file
        self.bodyLimit = bodyLimit
        self.cancellation = cancellation
        self.progress = progress
    }

    /// Up to `capacity` next bytes of the body into `buffer`: their count, 0 at the end, or
    /// CURL_READFUNC_ABORT when the file cannot be read.
    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let remaining = body.length - position
        let want = Int(clamping: min(Int64(capacity), max(remaining, 0)))
        guard want > 0 else { return 0 }
        switch body {
        case .empty:
            return 0
        case .bytes(let bytes):
            guard let start = Int(exactly: position) else { return Int(CURL_READFUNC_ABORT) }
            bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                memcpy(buffer, base + start, want)
            }
            position += Int64(want)
            return want
        case .file(_, let offset, _):
            let n = pread(file, buffer, want, off_t(offset + position))
            if n < 0 {
                readFailure = String(cString: strerror(errno))
                return Int(CURL_READFUNC_ABORT)
            }
            if n == 0 {
                readFailure = "it ended \(remaining) bytes early: it changed while being sent"
                return Int(CURL_READFUNC_ABORT)
            }
            position += Int64(n)
            return n
        }
    }

    /// Rewinds the body to `offset` (curl resends a request whose reused connection turned out dead).
    func seek(to offset: Int64, origin: Int32) -> Int32 {
        guard origin == SEEK_SET, offset >= 0, offset <= body.length else { return Int32(CURL_SEEKFUNC_CANTSEEK) }
        position = offset
        return Int32(CURL_SEEKFUNC_OK)
    }

    /// One header line of the response. A status line starts a response afresh: a redirect's or an
    /// interim response's headers are not the final one's.
    func header(_ line: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            headers = []
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return }
        let name = String(text[..<colon])
        let value = text[text.index(after: colon)...].trimmingWhitespace()
        headers.append(HeaderField(name, value))
    }

    /// Response body bytes, kept up to the limit; the rest is counted as truncation, not an error, so
    /// the status and headers still arrive.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        let room = max(bodyLimit - response.count, 0)
        if bytes.count > room { truncated = true }
        response.append(contentsOf: bytes.prefix(room))
    }

    /// Non-zero asks curl to stop the transfer (CURLE_ABORTED_BY_CALLBACK).
    func tick(uploaded: Int64) -> Int32 {
        progress?(uploaded)
        return cancellation?.isCancelled == true ? 1 : 0
    }
}

extension Substring {
    /// Without leading and trailing spaces, tabs, CR and LF.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
