/// A request on the control socket: one JSON object on one line (docs/control.md).
package enum ControlRequest: Sendable, Equatable {
    /// The status, once.
    case status
    /// The status now and again after every change, until the client hangs up.
    case follow
    /// A control, answered with what it did and the status after it.
    case control(ControlCommand)

    /// The longest request: the appliance reads a packet of at most 1024 bytes (`PacketSocket`), so a
    /// longer one arrives cut short and is refused as malformed.
    package static let maximumLineLength = 1024

    /// The request on `line` (without its newline).
    package init(line: some StringProtocol) throws(ControlRequestError) {
        guard line.utf8.count <= Self.maximumLineLength else { throw .tooLong }
        let wire: Wire
        do {
            wire = try StatusJSON.decode(Wire.self, from: line)
        } catch {
            throw .malformed(error.description)
        }
        if let version = wire.version, version > StatusReport.currentVersion {
            throw .unsupportedVersion(version)
        }
        switch wire.request {
        case "status": self = .status
        case "follow": self = .follow
        case "control":
            guard let name = wire.command else { throw .malformed("command missing") }
            do {
                self = .control(try ControlCommand(name: name, argument: wire.argument))
            } catch {
                throw .control(error)
            }
        default:
            throw .unknownRequest(wire.request)
        }
    }

    /// The request as one line, without its newline.
    package var line: String {
        switch self {
        case .status: StatusJSON.encode(Wire(version: StatusReport.currentVersion, request: "status"))
        case .follow: StatusJSON.encode(Wire(version: StatusReport.currentVersion, request: "follow"))
        case .control(let command):
            StatusJSON.encode(Wire(version: StatusReport.currentVersion, request: "control", command: command.name,
                                   argument: command.argument))
        }
    }

    private struct Wire: Codable {
        var version: Int?
        var request: String
        var command: String?
        var argument: String?
    }
}

/// Why a request line was refused; the appliance answers with this text.
package enum ControlRequestError: Error, Equatable, CustomStringConvertible {
    case tooLong
    case malformed(String)
    case unsupportedVersion(Int)
    case unknownRequest(String)
    case control(ControlCommandError)

    package var description: String {
        switch self {
        case .tooLong: "request longer than \(ControlRequest.maximumLineLength) bytes"
        case .malformed(let why): "malformed request: \(why)"
        case .unsupportedVersion(let v): "request version \(v) is newer than this appliance's (\(StatusReport.currentVersion)); update wayfinder"
        case .unknownRequest(let name): "unknown request \"\(name)\"; the requests are status, follow and control"
        case .control(let error): error.description
        }
    }
}
