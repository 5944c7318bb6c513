import Foundation
import Platform
import Sensors

/// The compass calibration on disk: `<state_directory>/compass-calibration.json`, the file
/// `wayfinder calibrate compass` writes (atomically, through `AtomicFile`) and the compass reader
/// loads at start.
///
/// A file that cannot be decoded is moved aside (`compass-calibration.json.unreadable-<unix time>`)
/// and reported, never used: a half-written or foreign file would turn every heading. A calibration
/// fitted to another chip or address is reported and not applied.
public struct CompassCalibrationStore: Sendable {
    public static let fileName = "compass-calibration.json"
    public let path: String

    public enum Outcome: Sendable, Equatable {
        /// No calibration stored: headings are uncorrected.
        case none
        case loaded(CompassCalibration)
        /// The file was unreadable and moved to `movedTo` (nil if even that failed).
        case corrupt(reason: String, movedTo: String?)
        /// Fitted for another sensor; left in place, not applied.
        case otherSensor(CompassCalibration)
    }

    public init(directory: String) {
        path = directory.hasSuffix("/") ? "\(directory)\(Self.fileName)" : "\(directory)/\(Self.fileName)"
    }

    public func save(_ calibration: CompassCalibration) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(Array(try encoder.encode(calibration)), to: path)
    }

    /// The stored calibration for `chip` at `address`.
    public func load(chip: CompassChip, address: UInt8) -> Outcome {
        let bytes: [UInt8]?
        do {
            bytes = try AtomicFile.read(path)
        } catch {
            return .corrupt(reason: "\(error)", movedTo: nil)
        }
        guard let bytes else { return .none }
        let calibration: CompassCalibration
        do {
            calibration = try JSONDecoder().decode(CompassCalibration.self, from: Data(bytes))
            guard calibration.offset.isFinite, calibration.softIron.elements.allSatisfy(\.isFinite),
                  calibration.softIron.elements.count == 9, calibration.unit == "uT" else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "non-finite values or a unit other than uT"))
            }
        } catch {
            let aside = "\(path).unreadable-\(Int(Date().timeIntervalSince1970))"
            let moved = rename(path, aside) == 0 ? aside : nil
            return .corrupt(reason: "\(error)", movedTo: moved)
        }
        if let fitted = calibration.chip, fitted != chip { return .otherSensor(calibration) }
        if let fitted = calibration.address, fitted != Int(address) { return .otherSensor(calibration) }
        return .loaded(calibration)
    }
}

private extension Vector3 {
    var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
