#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Upload

/// /etc/machine-id (machine-id(5)), read to derive the unit id and never sent.
package enum MachineIDFile {
    package static let path = "/etc/machine-id"

    /// The machine id, or what to do when there is none.
    package static func load(path: String = path) -> Result<MachineID, MachineIDProblem> {
        guard let data = contents(path) else {
            return .failure(MachineIDProblem(path: path, message: "cannot be read; `systemd-machine-id-setup` writes it, or set [upload] unit_id"))
        }
        guard let id = MachineID(text: String(decoding: data, as: UTF8.self)) else {
            return .failure(MachineIDProblem(path: path, message: "holds no machine id (32 hex digits); `systemd-machine-id-setup` writes one, or set [upload] unit_id"))
        }
        return .success(id)
    }

    /// The first 128 bytes of the file (a machine id is 33), or nil when it cannot be read.
    static func contents(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return count < 0 ? nil : Array(buffer.prefix(count))
    }

    /// The unit id `[upload]` uploads under: the configured one, else the machine's pseudonym.
    package static func unitID(configured: String?, path: String = path) -> Result<String, MachineIDProblem> {
        if let configured { return .success(configured) }
        switch load(path: path) {
        case .failure(let problem): return .failure(problem)
        case .success(let machine):
            do {
                return .success(try UnitID.derive(from: machine, hashes: Nettle()))
            } catch {
                return .failure(MachineIDProblem(path: path, message: "cannot derive the unit id: \(error)"))
            }
        }
    }
}
