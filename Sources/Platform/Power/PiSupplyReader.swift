#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds and reads what the kernel says about the Pi's own supply (`PiSupply`), under a root
/// directory (`/` on a Pi; a temporary tree in tests). Two places:
///
/// - the hwmon device whose `name` is `rpi_volt` (drivers/hwmon/raspberrypi-hwmon.c), its
///   `in0_lcrit_alarm`, found by listing `sys/class/hwmon/` as Documentation/hwmon/sysfs-interface.rst
///   says to: Debian's kernel has it, and so has Raspberry Pi's own;
/// - otherwise the firmware driver's `get_throttled` attribute, on the device bound to the
///   `raspberrypi-firmware` platform driver, found through
///   `sys/bus/platform/drivers/raspberrypi-firmware/<device>/` whatever the board names the device
///   (`soc:firmware` on a Pi 3 or 4): an older Raspberry Pi kernel without `rpi_volt`.
///
/// `rpi_volt` first although `get_throttled` says more (throttling, the clocks): where both exist,
/// Raspberry Pi's kernel marks `get_throttled` deprecated, serves the value the `rpi_volt` driver
/// last polled, and logs a kernel warning with a backtrace at its first read after boot
/// (raspberrypi/linux drivers/firmware/raspberrypi.c, `get_throttled_show`: `WARN_ONCE`), which
/// taints the kernel and, under `panic_on_warn`, stops it.
///
/// A board with neither (not a Pi, or a kernel without either driver) reads `absent`. Each read
/// looks again: a listing of a few sysfs entries, at the watch's low rate.
package struct PiSupplyReader: Sendable {
    package enum Reading: Sendable, Equatable {
        /// Neither source exists here.
        case absent
        case supply(PiSupply)
        /// The source exists and could not be read, or did not say what its kernel prints.
        case failed(path: String, problem: String)
    }

    package let root: String
    private let files: DiskFiles

    package init(root: String = "/") {
        self.root = root.hasSuffix("/") ? root : root + "/"
        files = DiskFiles()
    }

    package static let firmwareDriver = "sys/bus/platform/drivers/raspberrypi-firmware"
    package static let hwmonClass = "sys/class/hwmon"

    package func read() -> Reading {
        if let path = hwmonAlarmPath() {
            return read(path, parse: PiSupply.hwmonAlarm(text:), expected: "0 or 1")
        }
        if let path = firmwarePath() {
            return read(path, parse: PiSupply.firmware(text:),
                        expected: "hex digits (the firmware's get_throttled value)")
        }
        return .absent
    }

    /// `get_throttled` of the firmware driver's device, if it has one.
    func firmwarePath() -> String? {
        let driver = root + Self.firmwareDriver
        for entry in files.names(in: driver).sorted() {
            let path = "\(driver)/\(entry)/get_throttled"
            if exists(path) { return path }
        }
        return nil
    }

    /// `in0_lcrit_alarm` of the hwmon device named `rpi_volt`, if there is one.
    func hwmonAlarmPath() -> String? {
        let hwmon = root + Self.hwmonClass
        for entry in files.names(in: hwmon).sorted() {
            let name = (try? files.read("\(hwmon)/\(entry)/name")).map { String(decoding: $0, as: UTF8.self) }
            guard name?.split(whereSeparator: \.isNewline).first == "rpi_volt" else { continue }
            let path = "\(hwmon)/\(entry)/in0_lcrit_alarm"
            if exists(path) { return path }
        }
        return nil
    }

    private func read(_ path: String, parse: (String) -> PiSupply?, expected: String) -> Reading {
        let bytes: [UInt8]?
        do {
            bytes = try files.read(path)
        } catch {
            return .failed(path: path, problem: "cannot be read: \(error)")
        }
        // Gone between the look and the read (a driver unbound): as if it had never been there.
        guard let bytes else { return .absent }
        // A sysfs attribute is at most a page; anything longer is not what the kernel prints.
        let text = bytes.count <= 4096 ? String(validating: bytes, as: UTF8.self) : nil
        guard let text, let supply = parse(text) else {
            return .failed(path: path, problem: "says \(Self.quoted(bytes)), expected \(expected)")
        }
        return .supply(supply)
    }

    private func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// At most 24 bytes of what a file said, printable ASCII as is and the rest as `\xNN`.
    static func quoted(_ bytes: [UInt8]) -> String {
        let shown = bytes.prefix(24).map { b -> String in
            (0x20..<0x7F).contains(b) && b != 0x22 && b != 0x5C ? String(UnicodeScalar(b)) : b == 0x0A ? "\\n" : "\\x" + b.hexDigits
        }.joined()
        return "\"" + shown + (bytes.count > 24 ? "…" : "") + "\""
    }
}
