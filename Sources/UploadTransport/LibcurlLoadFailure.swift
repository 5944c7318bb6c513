/// Why libcurl could not be loaded (`Libcurl.load`), in one line that says which file, why, and what
/// to do.
package struct LibcurlLoadFailure: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Reason: Sendable, Hashable {
        /// dlopen(3) failed: no such file, or not a library for this machine.
        case notFound
        /// The file lacks one of the functions the transport calls.
        case notLibcurl
        /// curl_global_init(3) failed.
        case initialisation
    }

    /// The file loaded: `Libcurl.soname`, or what `WAYFINDER_LIBCURL` names.
    package let path: String
    /// Whether `path` came from `WAYFINDER_LIBCURL`.
    package let fromEnvironment: Bool
    package let reason: Reason
    /// dlerror(3)'s or curl's words.
    package let detail: String

    package init(path: String, fromEnvironment: Bool, reason: Reason, detail: String) {
        self.path = path
        self.fromEnvironment = fromEnvironment
        self.reason = reason
        self.detail = detail
    }

    package var description: String {
        if fromEnvironment {
            return "cannot load \(path), named by \(Libcurl.environmentVariable) (\(detail)): "
                + "name Debian's libcurl there, or unset it to load \(Libcurl.soname)"
        }
        return switch reason {
        case .notFound, .notLibcurl:
            "cannot load \(path) (\(detail)): the upload needs Debian's libcurl; "
                + "install it (apt-get install libcurl4, libcurl4t64 on Debian 13)"
        case .initialisation:
            "libcurl could not initialise (curl_global_init: \(detail)): the upload cannot send"
        }
    }
}
