#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a GPIO operation failed, with enough context to fix it on the device.
///
/// Each `description` says what went wrong, where, and what to do, because these messages end
/// up in the journal and in `wayfinder board check` for someone holding a Pi, not a debugger.
package enum GPIOError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No GPIO chip carries `label`; `available` lists the labels that were found.
    case chipNotFound(label: String, available: [String])
    /// No device node at `path`.
    case chipPathNotFound(path: String)
    /// `path` exists but is not a GPIO character device.
    case notAGPIOChip(path: String)
    /// The process may not open `path` (Pi OS gives `/dev/gpiochip*` to group `gpio`).
    case permissionDenied(path: String)
    /// The request named no lines.
    case noLines
    /// More lines than one request may hold.
    case tooManyLines(count: Int, limit: Int)
    /// The same offset appears twice in one request.
    case duplicateLine(offset: UInt32)
    /// `offset` does not exist on `chip`, which has `lineCount` lines.
    case lineOutOfRange(offset: UInt32, chip: String, lineCount: Int)
    /// Another consumer (a process or a kernel driver) holds one of the lines.
    case busy(chip: String, offsets: [UInt32])
    /// The kernel refused to make the lines pulled-up, edge-detecting inputs.
    case lineUnavailable(chip: String, offsets: [UInt32], errno: Int32)
    /// The request was released; its lines are no longer ours.
    case released
    /// An `events()` stream is already delivering this request's events.
    case streamAlreadyActive
    /// Any other failure of `operation` on `path`, with the errno it returned.
    case system(operation: String, path: String, errno: Int32)

    package var description: String {
        switch self {
        case let .chipNotFound(label, available):
            if available.isEmpty {
                return "no GPIO chip labelled \"\(label)\" was found, and this system has no GPIO "
                    + "chips at all (no /dev/gpiochip*): on a Raspberry Pi the GPIO driver did not "
                    + "load; in a container or VM, pass the /dev/gpiochip* devices through"
            }
            return "no GPIO chip labelled \"\(label)\" was found; chips present: "
                + available.joined(separator: ", ")
                + ". Use one of these labels (gpiodetect lists them) or check which board this is"
        case let .chipPathNotFound(path):
            return "no GPIO chip at \(path): the device node does not exist; "
                + "list the chips with gpiodetect and open one by label instead of by number"
        case let .notAGPIOChip(path):
            return "\(path) is not a GPIO chip character device: open a /dev/gpiochipN node, "
                + "preferably by its label"
        case let .permissionDenied(path):
            return "permission denied opening \(path): add the service user to the 'gpio' group "
                + "(usermod -aG gpio USER, then log in again) or give the systemd unit "
                + "SupplementaryGroups=gpio"
        case .noLines:
            return "a GPIO input request must name at least one line offset"
        case let .tooManyLines(count, limit):
            return "a GPIO request can hold at most \(limit) lines, \(count) were asked for: "
                + "split them into several requests"
        case let .duplicateLine(offset):
            return "GPIO line \(offset) is listed twice in one request: list each offset once"
        case let .lineOutOfRange(offset, chip, lineCount):
            return "GPIO line \(offset) does not exist on \(chip), which has lines 0...\(max(lineCount - 1, 0)): "
                + "check the pin number in the configuration (offsets are BCM GPIO numbers, not header pins)"
        case let .busy(chip, offsets):
            return "GPIO line(s) \(Self.list(offsets)) on \(chip) are already in use by another consumer: "
                + "gpioinfo shows who holds them; stop that program, remove the overlay or driver "
                + "that claims the pin, or choose another pin"
        case let .lineUnavailable(chip, offsets, code):
            return "GPIO line(s) \(Self.list(offsets)) on \(chip) cannot be configured as pulled-up, "
                + "edge-detecting inputs (\(Self.text(code))): check that the pin is a plain GPIO on "
                + "this chip and that no device-tree overlay reserves it"
        case .released:
            return "this GPIO request was released; request the lines again to keep reading them"
        case .streamAlreadyActive:
            return "this GPIO request already feeds an events() stream: read edges from that stream, "
                + "or cancel it before waiting directly"
        case let .system(operation, path, code):
            return "\(operation) failed on \(path): \(Self.text(code)) (errno \(code))"
        }
    }

    private static func list(_ offsets: [UInt32]) -> String {
        offsets.map(String.init).joined(separator: ", ")
    }

    private static func text(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
