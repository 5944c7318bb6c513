#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import Sensors
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The compass calibration on disk (`compass-calibration.json` in the state directory), written
/// atomically by `wayfinder calibrate compass` and read at start by whatever reads the compass.
package struct CompassCalibrationStore: Sendable {
    package static let fileName = "compass-calibration.json"
    package let path: String

    package init(directory: String) {
        path = directory.hasSuffix("/") ? directory + Self.fileName : "\(directory)/\(Self.fileName)"
    }

    /// Writes the calibration atomically (mode 0600), creating the state directory (0700) if it is not
    /// there yet (`wayfinder calibrate compass` may run before the service ever has) and refusing one
    /// that lets group or others in, as the appliance does. Returns
    /// `NotDurable` when the file is in place but its directory could not be synced.
    @discardableResult
    package func save(_ calibration: CompassCalibration,
                     syncDirectory: @escaping AtomicFile.DirectorySync = AtomicFile.fsyncDirectory) throws -> AtomicFile.NotDurable? {
        let directory = PathText.directory(of: path)
        // Where the appliance reads it, under the appliance's rule: a directory that lets group or
        // others in is refused (StateDirectoryNotPrivate), not written into.
        _ = try StateDirectory.makeReady(directory.isEmpty ? "." : directory)
        var info = stat()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let warning = try AtomicFile.write(Array(try encoder.encode(calibration)), to: path, syncDirectory: syncDirectory)
        // Root (sudo wayfinder calibrate compass) writing into the service's state directory: the
        // file is 0600, so it must belong to the service's user for the service to read it.
        if geteuid() == 0, stat(directory.isEmpty ? "." : directory, &info) == 0, info.st_uid != 0 {
            _ = chown(path, info.st_uid, info.st_gid)
        }
        return warning
    }

    /// The stored calibration; nil when there is none. A file that does not decode, or whose matrix
    /// or offset is not finite, is moved aside and reported as `StateFileUnreadable`.
    package func load() throws -> CompassCalibration? {
        guard let bytes = try AtomicFile.read(path) else { return nil }
        let calibration: CompassCalibration
        do {
            calibration = try JSONDecoder().decode(CompassCalibration.self, from: Data(bytes))
        } catch {
            let reason = (error as? DecodingError).map(ProgressStore.explain) ?? "\(error)"
            throw StateFileUnreadable(path: path, reason: reason, movedTo: try? AtomicFile.moveAside(path))
        }
        let numbers = [calibration.offset.x, calibration.offset.y, calibration.offset.z, calibration.fieldStrength]
            + calibration.softIron.rows.flatMap { $0 }
        guard numbers.allSatisfy(\.isFinite) else {
            throw StateFileUnreadable(path: path, reason: "a value is not a finite number",
                                      movedTo: try? AtomicFile.moveAside(path))
        }
        return calibration
    }

    /// The stored calibration if it was fitted for this chip at this address; otherwise nil and why
    /// (a calibration of another sensor would turn good headings into bad ones).
    package func load(for chip: CompassChip, address: UInt8) throws -> (calibration: CompassCalibration?, note: String?) {
        guard let stored = try load() else {
            return (nil, "no compass calibration at \(path); headings are uncorrected (run `wayfinder calibrate compass`)")
        }
        if let storedChip = stored.chip, storedChip != chip || stored.address.map({ $0 != Int(address) }) == true {
            let at = stored.address.map { " at " + CompassError.hex(UInt8(truncatingIfNeeded: $0)) } ?? ""
            return (nil, "\(path) was fitted for a \(storedChip)\(at), not this \(chip) at \(CompassError.hex(address)); "
                + "it is not used (run `wayfinder calibrate compass` again)")
        }
        return (stored, nil)
    }
}
