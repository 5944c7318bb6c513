import Platform
import Sensors
import Synchronization

/// The devices the appliance is waiting for: opened with backoff by their feeds (or, for the Bluetooth
/// adapter, at each connection attempt) while the rest runs. `StatusBoard` puts them into systemd's
/// `STATUS=` line, so `systemctl status wayfinder` says what is missing until it comes back:
/// "waiting for: buttons (GPIO chip "pinctrl-bcm2835" not found), compass (/dev/i2c-1: no such device)".
///
/// Why a status line and not only the journal: the failure is logged once at error and its repeats go
/// to debug (`ReopenLoop`), so after a few minutes the journal's last lines no longer show it; the status
/// line is what is true now.
package final class DeviceWaits: Sendable {
    /// One device's place on the list; a feed holds it and reports each attempt's outcome.
    package struct Entry: Sendable {
        package let device: String
        let waits: DeviceWaits

        /// The device could not be opened (or was lost and cannot be opened again): `problem` is short.
        package func waiting(_ problem: String) { waits.waiting(device, problem) }
        /// The device is open (or not wanted any more).
        package func ready() { waits.ready(device) }
    }

    private let waits = Mutex<[(device: String, problem: String)]>([])

    package init() {}

    package func entry(_ device: String) -> Entry { Entry(device: device, waits: self) }

    /// Sets `device`'s problem; a device keeps its place on the list while its problem changes.
    package func waiting(_ device: String, _ problem: String) {
        waits.withLock { list in
            if let index = list.firstIndex(where: { $0.device == device }) {
                list[index].problem = problem
            } else {
                list.append((device, problem))
            }
        }
    }

    package func ready(_ device: String) {
        waits.withLock { $0.removeAll { $0.device == device } }
    }

    /// The devices waited for, in the order they first failed.
    package var devices: [String] { waits.withLock { $0.map(\.device) } }

    /// "waiting for: buttons (…), compass (…)", or nil when nothing is missing.
    package var summary: String? {
        let list = waits.withLock { $0 }
        return Self.summary(list)
    }

    static func summary(_ list: [(device: String, problem: String)]) -> String? {
        guard !list.isEmpty else { return nil }
        return "waiting for: " + list.map { $0.problem.isEmpty ? $0.device : "\($0.device) (\($0.problem))" }.joined(separator: ", ")
    }

    /// The longest problem text in the status line: the journal has the full advice, and the line
    /// must stay readable with several devices missing; long enough for a /dev/serial/by-id name.
    static let briefLimit = 160

    /// A short form of a device error for the status line: what is missing, not what to do about it
    /// (the error logged at the same time says that).
    package static func brief(_ error: any Error) -> String {
        switch error {
        case let gpio as GPIOError:
            switch gpio {
            case .chipNotFound(let label, _): return "GPIO chip \"\(label)\" not found"
            case .chipPathNotFound(let path): return "\(path): no such device"
            case .permissionDenied(let path): return "\(path): permission denied"
            case .busy(let chip, let offsets): return "lines \(offsets.map(String.init).joined(separator: ", ")) on \(chip) in use"
            case .lineUnavailable(let chip, let offsets, _):
                return "lines \(offsets.map(String.init).joined(separator: ", ")) on \(chip) unavailable"
            case .lineOutOfRange(let offset, let chip, _): return "no line \(offset) on \(chip)"
            default: return clipped("\(gpio)")
            }
        case let i2c as I2CError:
            return brief(i2c)
        case let compass as CompassError:
            switch compass {
            case .bus(let i2c): return brief(i2c)
            case .notFound(let bus, _): return "no known compass on /dev/i2c-\(bus)"
            case .wrongIdentity(let chip, let address, _, _, _): return "no \(chip) at \(CompassError.hex(address))"
            default: return clipped("\(compass)")
            }
        case let adapter as BluetoothAdapterError:
            switch adapter {
            case .bluetoothUnsupported: return "no Bluetooth in this kernel"
            case .adapterNotFound(let name, _): return "no adapter \(name)"
            case .noAdapter: return "no adapter registered"
            case .permissionDenied: return "permission denied"
            case .system: return clipped("\(adapter)")
            }
        default:
            return clipped("\(error)")
        }
    }

    static func brief(_ error: I2CError) -> String {
        switch error {
        case .busNotFound(let bus): return "/dev/i2c-\(bus): no such device"
        case .permissionDenied(let bus): return "/dev/i2c-\(bus): permission denied"
        case .deviceAbsent(let bus, let address): return "nothing at \(CompassError.hex(address)) on /dev/i2c-\(bus)"
        case .timedOut(let bus, let address): return "\(CompassError.hex(address)) on /dev/i2c-\(bus) timed out"
        case .addressInUse(let bus, let address): return "\(CompassError.hex(address)) on /dev/i2c-\(bus) claimed by a driver"
        default: return clipped("\(error)")
        }
    }

    /// Any other error's text up to its advice: the first clause, at most `briefLimit` characters.
    /// "permission denied opening /dev/ttyAMA0: add the service user …" becomes
    /// "/dev/ttyAMA0: permission denied".
    static func clipped(_ text: String) -> String {
        let opening = "permission denied opening "
        if text.hasPrefix(opening) {
            let path = text.dropFirst(opening.count).prefix { $0 != ":" && $0 != " " }
            return "\(path): permission denied"
        }
        var clause = Substring(text)
        for separator in ["; ", ". ", " ("] {
            if let range = clause.literalRange(of: separator) { clause = clause[..<range.lowerBound] }
        }
        guard clause.count > briefLimit else { return String(clause) }
        return String(clause.prefix(briefLimit - 1)) + "…"
    }
}
