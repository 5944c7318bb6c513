import CGPIOShim

/// A GPIO chip found in `/dev`, as listed for error messages and `wayfinder board check`.
package struct GPIOChipInfo: Sendable, Hashable, CustomStringConvertible {
    /// Device node, e.g. "/dev/gpiochip0".
    package var path: String
    /// Kernel name, e.g. "gpiochip0"; empty if the chip could not be opened.
    package var name: String
    /// Driver label, e.g. "pinctrl-bcm2711"; empty if the chip could not be opened. Labels, not
    /// numbers, identify the header chip across boards and kernels (see `GPIOChip`).
    package var label: String
    package var lineCount: Int
    /// The errno from opening the chip, or nil if it opened.
    package var openErrno: Int32?

    package init(path: String, name: String, label: String, lineCount: Int, openErrno: Int32? = nil) {
        self.path = path
        self.name = name
        self.label = label
        self.lineCount = lineCount
        self.openErrno = openErrno
    }

    package var description: String {
        if let openErrno {
            return "\(path) (cannot open: errno \(openErrno))"
        }
        return "\(path) [\(label)] \(lineCount) lines"
    }

    init(entry: wf_gpio_chip_entry) {
        self.init(path: Self.string(entry.path),
                  name: Self.string(entry.name),
                  label: Self.string(entry.label),
                  lineCount: Int(entry.num_lines),
                  openErrno: entry.error < 0 ? -entry.error : nil)
    }

    /// A fixed C char array (imported as a tuple) up to its first NUL; safe without one.
    private static func string<Tuple>(_ tuple: Tuple) -> String {
        withUnsafeBytes(of: tuple) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
