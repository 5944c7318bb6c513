#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether BlueZ's bluetoothd runs on this host: it decides who keeps pairing keys (docs/ble.md,
/// "Pairing"). bluetoothd loads its own list of keys into the kernel at start, replacing any other
/// (`load_ltks` in BlueZ's src/adapter.c), and answers every Just Works confirmation the kernel asks,
/// refusing it when no agent is registered and the pairing was not asked for through it
/// (`device_confirm_passkey` in src/device.c, BlueZ 5.66).
package enum BluetoothDaemon {
    /// True when a process named `bluetoothd` is listed in `/proc` (its `comm`, as `pgrep -x` matches).
    package static func isRunning(proc: String = "/proc") -> Bool {
        guard let directory = opendir(proc) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isNumber }) else { continue }
            if command(of: "\(proc)/\(name)/comm") == "bluetoothd" { return true }
        }
        return false
    }

    /// The first line of a `comm` file; nil when the process is gone.
    static func command(of path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].prefix { $0 != 0x0A }, as: UTF8.self)
    }
}
