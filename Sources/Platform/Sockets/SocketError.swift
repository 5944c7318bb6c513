#if canImport(Glibc)
import Glibc
#endif

/// A socket call that failed, with the errno and what we were doing; the text says what to check.
package struct SocketError: Error, Sendable, Hashable, CustomStringConvertible {
    package let operation: String
    package let code: Int32

    package init(_ operation: String, errno code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// The link went away under us (peer closed, reset, supervision timeout, host down).
    package var isLinkLoss: Bool {
        [ECONNRESET, ENOTCONN, ETIMEDOUT, EHOSTDOWN, EPIPE, ECONNABORTED, ESHUTDOWN].contains(code)
    }

    package var description: String {
        var text = "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
        switch code {
        case EPERM, EACCES: text += "; run as root or grant CAP_NET_ADMIN/CAP_NET_RAW (see deploy/wayfinder.service)"
        case EAFNOSUPPORT: text += "; the kernel has no Bluetooth support (load the bluetooth module)"
        case ENODEV, EADDRNOTAVAIL: text += "; no such Bluetooth adapter (check `btmgmt info`)"
        case EHOSTDOWN, ETIMEDOUT: text += "; the device did not answer (is it on, in range and advertising?)"
        default: break
        }
        return text
    }
}
