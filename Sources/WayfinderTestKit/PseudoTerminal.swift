#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal pair standing in for a UART: tests write a receiver's bytes on `master` and open
/// `slavePath` as the serial device.
package struct PseudoTerminal {
    package let master: Int32
    package let slavePath: String

    /// Through /dev/ptmx: unlock the slave (TIOCSPTLCK) and ask its number (TIOCGPTN); posix_openpt and
    /// friends are hidden from Swift's Glibc module. The ioctl numbers are the generic Linux ones
    /// (include/uapi/asm-generic/ioctls.h), the same on x86_64 and arm64. nil where there are none.
    package static func open() -> PseudoTerminal? {
        let master = Glibc.open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { return nil }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            Glibc.close(master)
            return nil
        }
        return PseudoTerminal(master: master, slavePath: "/dev/pts/\(number)")
    }

    /// Writes `text` as a receiver would send it.
    package func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    package func close() { Glibc.close(master) }
}
