import CGPIOShim

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An open GPIO chip (`/dev/gpiochipN`), found by its label.
///
/// Why by label: chip numbers move between boards and kernels (the Pi 5's header chip was
/// gpiochip4, then gpiochip0: raspberrypi/linux PR #6144), labels do not. The chip stays open while any
/// `GPIOInputRequest` made from it lives: with libgpiod 1.6 the lines belong to the chip.
package final class GPIOChip: @unchecked Sendable, CustomStringConvertible {
    /// Kernel name, e.g. "gpiochip0".
    package let name: String
    /// Driver label, e.g. "pinctrl-bcm2711".
    package let label: String
    /// Device node, e.g. "/dev/gpiochip0".
    package let path: String
    package let lineCount: Int

    // Immutable for the object's life; every C call on it goes through `lock`.
    private let handle: OpaquePointer
    private let lock = HandleLock()

    private init(handle: OpaquePointer) {
        self.handle = handle
        name = String(cString: wf_gpio_chip_name(handle))
        label = String(cString: wf_gpio_chip_label(handle))
        path = String(cString: wf_gpio_chip_path(handle))
        lineCount = Int(wf_gpio_chip_num_lines(handle))
    }

    deinit {
        wf_gpio_chip_close(handle)
    }

    /// Opens the first chip (in `/dev` order) whose label is `label`, e.g. "pinctrl-bcm2711".
    package convenience init(label: String) throws(GPIOError) {
        var handle: OpaquePointer?
        let rc = wf_gpio_chip_open_by_label(label, &handle)
        guard rc == 0, let handle else {
            throw Self.openByLabelError(label: label, errno: -rc)
        }
        self.init(handle: handle)
    }

    /// Opens a chip by device path, e.g. "/dev/gpiochip0" (for rigs and diagnostics; the
    /// daemon should open by label).
    package convenience init(path: String) throws(GPIOError) {
        var handle: OpaquePointer?
        let rc = wf_gpio_chip_open_path(path, &handle)
        guard rc == 0, let handle else {
            throw Self.openPathError(path: path, errno: -rc)
        }
        self.init(handle: handle)
    }

    package var description: String {
        "\(path) [\(label)] \(lineCount) lines"
    }

    /// Every GPIO chip in `/dev`, including ones that could not be opened (with their errno),
    /// once each even where a symlink such as Pi OS's `/dev/gpiochip4` points at another node.
    package static func availableChips() throws(GPIOError) -> [GPIOChipInfo] {
        var capacity = 8
        // The count can change between calls (hot-plug); a few tries settle it.
        for _ in 0..<4 {
            var entries = [wf_gpio_chip_entry](repeating: wf_gpio_chip_entry(), count: capacity)
            let found = entries.withUnsafeMutableBufferPointer { buffer in
                wf_gpio_list_chips(buffer.baseAddress, buffer.count)
            }
            if found < 0 {
                throw GPIOError.system(operation: "listing GPIO chips", path: "/dev", errno: -found)
            }
            if Int(found) <= capacity {
                return deduplicated(entries.prefix(Int(found)).map(GPIOChipInfo.init(entry:)))
            }
            capacity = Int(found) + 4
        }
        throw GPIOError.system(operation: "listing GPIO chips", path: "/dev", errno: EAGAIN)
    }

    /// Requests `offsets` as inputs with pull-up bias and events on both edges.
    ///
    /// - Parameters:
    ///   - consumer: shown by `gpioinfo` as the lines' owner.
    ///   - activeLow: invert the logical level. Off by default, so edges are electrical: a
    ///     button wired to ground against the pull-up gives `.falling` on press, which is what
    ///     `ButtonPressDecoder` expects. With it on, a press arrives as `.rising`.
    ///   - debounce: ignore bounces shorter than this. The kernel does it where libgpiod 2 can
    ///     ask for it; with libgpiod 1.6 the request filters with a `Debouncer` instead.
    package func requestInputs(
        offsets: [UInt32],
        consumer: String = "wayfinder",
        activeLow: Bool = false,
        debounce: Duration = .zero
    ) throws(GPIOError) -> GPIOInputRequest {
        try Self.validate(offsets: offsets, chip: name, lineCount: lineCount)
        let debounceMicroseconds = Self.microseconds(debounce)
        let request: OpaquePointer = try lock.withLock { () throws(GPIOError) -> OpaquePointer in
            var request: OpaquePointer?
            let rc = offsets.withUnsafeBufferPointer { buffer in
                wf_gpio_request_inputs(handle, consumer, buffer.baseAddress, buffer.count,
                                       activeLow ? 1 : 0, debounceMicroseconds, &request)
            }
            guard rc == 0, let request else {
                throw requestError(offsets: offsets, errno: -rc)
            }
            return request
        }
        return GPIOInputRequest(chip: self, handle: request, offsets: offsets,
                                activeLow: activeLow, debounce: debounce)
    }

    /// Releases a request's lines under the chip's lock (v1 lines are chip state).
    func release(request: OpaquePointer) {
        lock.withLock { wf_gpio_request_release(request) }
    }

    // MARK: - Checks and errno mapping (internal for tests)

    /// The checks the kernel would make, done first so the error can name the offending offset.
    static func validate(offsets: [UInt32], chip: String, lineCount: Int) throws(GPIOError) {
        guard !offsets.isEmpty else { throw GPIOError.noLines }
        let limit = Int(WF_GPIO_MAX_LINES)
        guard offsets.count <= limit else {
            throw GPIOError.tooManyLines(count: offsets.count, limit: limit)
        }
        var seen = Set<UInt32>()
        for offset in offsets {
            guard Int(offset) < lineCount else {
                throw GPIOError.lineOutOfRange(offset: offset, chip: chip, lineCount: lineCount)
            }
            guard seen.insert(offset).inserted else {
                throw GPIOError.duplicateLine(offset: offset)
            }
        }
    }

    /// Debounce in whole microseconds as the kernel takes it: negative means none, and the
    /// value saturates instead of trapping.
    static func microseconds(_ duration: Duration) -> UInt32 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let micro = seconds.multipliedReportingOverflow(by: 1_000_000)
        guard !micro.overflow else { return UInt32.max }
        let total = micro.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000_000)
        guard !total.overflow else { return UInt32.max }
        return UInt32(clamping: total.partialValue)
    }

    static func openByLabelError(label: String, errno code: Int32) -> GPIOError {
        let chips = (try? availableChips()) ?? []
        switch code {
        case ENOENT:
            return .chipNotFound(label: label, available: chips.map(\.label).filter { !$0.isEmpty })
        case EACCES, EPERM:
            let denied = chips.first { $0.openErrno == EACCES || $0.openErrno == EPERM }
            return .permissionDenied(path: denied?.path ?? "/dev/gpiochip*")
        default:
            return .system(operation: "opening the GPIO chip labelled \"\(label)\"",
                           path: "/dev", errno: code)
        }
    }

    static func openPathError(path: String, errno code: Int32) -> GPIOError {
        switch code {
        case ENOENT:
            // libgpiod 2 also says ENOENT for a node that exists when sysfs has no entry for it
            // (gpiod_is_gpiochip_device resolves /sys/dev/char/MAJOR:MINOR/subsystem, absent without
            // /sys, as in a container or a chroot): only a missing node is "not found".
            return access(path, F_OK) == 0 ? .notAGPIOChip(path: path) : .chipPathNotFound(path: path)
        case ENOTTY, ENODEV, EINVAL: return .notAGPIOChip(path: path)
        case EACCES, EPERM: return .permissionDenied(path: path)
        default: return .system(operation: "opening the GPIO chip", path: path, errno: code)
        }
    }

    func requestError(offsets: [UInt32], errno code: Int32) -> GPIOError {
        switch code {
        case EBUSY:
            return .busy(chip: name, offsets: offsets)
        case EACCES, EPERM:
            return .permissionDenied(path: path)
        case EINVAL, EOPNOTSUPP, ENXIO, EIO:
            return .lineUnavailable(chip: name, offsets: offsets, errno: code)
        default:
            return .system(operation: "requesting GPIO lines \(offsets)", path: path, errno: code)
        }
    }

    /// One entry per chip name, preferring the node named after the chip over a symlink to it.
    private static func deduplicated(_ chips: [GPIOChipInfo]) -> [GPIOChipInfo] {
        var result: [GPIOChipInfo] = []
        var indexByName: [String: Int] = [:]
        for chip in chips {
            guard !chip.name.isEmpty else {
                result.append(chip)
                continue
            }
            if let index = indexByName[chip.name] {
                if chip.path == "/dev/" + chip.name { result[index] = chip }
            } else {
                indexByName[chip.name] = result.count
                result.append(chip)
            }
        }
        return result
    }
}
