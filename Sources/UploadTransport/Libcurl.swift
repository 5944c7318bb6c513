import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// Debian's libcurl, loaded with dlopen(3) when the transport first needs it rather than linked: a
/// linked libcurl maps and relocates it and the ~27 libraries it needs at every start, for walks
/// that mostly never upload (docs/upload.md, "What libcurl costs").
enum Libcurl {
    /// The library the transport loads: what Debian's libcurl4 (libcurl4t64 on Debian 13) installs.
    static let soname = WF_CURL_LIBRARY
    /// Names another file to load instead, for troubleshooting (docs/upload.md): read only here.
    static let environmentVariable = "WAYFINDER_LIBCURL"

    /// Loads libcurl and runs its global initialisation, once for the process; nil once loaded, or
    /// why it cannot be. A library that cannot be opened is not remembered: the next call tries again,
    /// so libcurl installed while the appliance runs is used without a restart.
    static func load() -> LibcurlLoadFailure? {
        let named = getenv(environmentVariable).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        var detail = [CChar](repeating: 0, count: 512)
        let result = detail.withUnsafeMutableBufferPointer { wf_curl_load(named, $0.baseAddress, $0.count) }
        let reason: LibcurlLoadFailure.Reason
        switch result {
        case WF_CURL_LOADED: return nil
        case WF_CURL_SYMBOL_MISSING: reason = .notLibcurl
        case WF_CURL_INIT_FAILED: reason = .initialisation
        default: reason = .notFound
        }
        let path = named ?? soname
        let words = String(decoding: detail.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // dlerror(3) starts with the file's name as given, which the message names already.
        let detailText = words.hasPrefix("\(path): ") ? String(words.dropFirst(path.count + 2)) : words
        return LibcurlLoadFailure(path: path, fromEnvironment: named != nil, reason: reason, detail: detailText)
    }
}
