#if canImport(Glibc)
import Glibc
#endif

/// Why the control socket could not be set up or reached, with what to do about it.
package struct ControlSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// A socket call failed with `errno`.
        case system(operation: String, errno: Int32)
        /// Nothing listens at the path: the appliance is not running (or runs with another socket).
        case notRunning
        /// The path exists and is not a socket: we do not remove what we did not make.
        case notASocket
        /// Another appliance answers at the path.
        case inUse
        /// The path does not fit in `sockaddr_un` (107 bytes).
        case pathTooLong
        /// The appliance did not answer in time.
        case timedOut
        /// The appliance closed the connection without an answer (it refused the peer, or stopped).
        case closedWithoutAnswer
    }

    package let path: String
    package let kind: Kind

    package init(path: String, _ kind: Kind) {
        self.path = path
        self.kind = kind
    }

    package var description: String {
        switch kind {
        case .system(let operation, let code):
            var text = "\(path): \(operation) failed: \(String(cString: strerror(code)))"
            switch code {
            case EACCES, EPERM:
                text += "; the control socket is for root and the wayfinder group (`sudo usermod -aG wayfinder $USER`, then log in again)"
            case ENOENT where operation == "bind":
                text += "; its directory does not exist (systemd makes /run/wayfinder for the service; elsewhere pass --control-socket PATH)"
            default: break
            }
            return text
        case .notRunning:
            return "\(path): no appliance is running here (is `systemctl status wayfinder` active? a run with --control-socket elsewhere needs --socket PATH)"
        case .notASocket:
            return "\(path) exists and is not a socket; remove it or choose another path"
        case .inUse:
            return "\(path): another wayfinder is already running and answering here"
        case .pathTooLong:
            return "\(path): a Unix socket's path must be shorter than 108 bytes"
        case .timedOut:
            return "\(path): the appliance did not answer within the time allowed"
        case .closedWithoutAnswer:
            return "\(path): the appliance closed the connection without answering (not allowed to ask, or it is stopping)"
        }
    }
}
