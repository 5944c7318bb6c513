import Foundation
import Glibc
@testable import Runtime
import Sensors
import XCTest

/// The stored compass calibration: loaded only for the sensor it was fitted to, never used when torn.
final class CompassCalibrationStoreTests: XCTestCase {
    var directory = ""

    override func setUp() {
        directory = NSTemporaryDirectory() + "wayfinder-compasscal-\(UUID().uuidString)"
        // Private, as the store writes only into a state directory that group and others cannot enter.
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    func calibration(chip: CompassChip?, address: Int?) -> CompassCalibration {
        CompassCalibration(model: .ellipse, offset: Vector3(1, 2, 0), softIron: .identity, fieldStrength: 20,
                           quality: CompassFitQuality(samples: 90, relativeSpread: 0.01, coverageDegrees: 360),
                           chip: chip, address: address)
    }

    func testNoFileMeansUncorrectedWithAHint() throws {
        let loaded = try CompassCalibrationStore(directory: directory).load(for: .qmc5883l, address: 0x0D)
        XCTAssertNil(loaded.calibration)
        XCTAssertTrue(loaded.note?.contains("wayfinder calibrate compass") ?? false)
    }

    func testACalibrationOfAnotherSensorIsNotApplied() throws {
        let store = CompassCalibrationStore(directory: directory)
        try store.save(calibration(chip: .hmc5883l, address: 0x1E))
        let loaded = try store.load(for: .qmc5883l, address: 0x0D)
        XCTAssertNil(loaded.calibration)
        XCTAssertTrue(loaded.note?.contains("fitted for a HMC5883L at 0x1e, not this QMC5883L at 0x0d") ?? false,
                      loaded.note ?? "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: store.path), "a valid file of another sensor is kept in place")
        XCTAssertEqual(try store.load(for: .hmc5883l, address: 0x1E).calibration, calibration(chip: .hmc5883l, address: 0x1E))
    }

    /// `wayfinder calibrate compass` writes where the appliance reads, under the appliance's rule: an
    /// existing directory that lets group or others in is refused and nothing is written there.
    func testACalibrationIsNotWrittenIntoADirectoryOthersCanEnter() throws {
        XCTAssertEqual(chmod(directory, 0o1777), 0)
        let store = CompassCalibrationStore(directory: directory)
        XCTAssertThrowsError(try store.save(calibration(chip: .qmc5883l, address: 0x0D))) { error in
            XCTAssertEqual(error as? StateDirectoryNotPrivate, StateDirectoryNotPrivate(path: directory, mode: 0o1777))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
    }

    func testATornOrNonFiniteFileIsMovedAside() throws {
        let store = CompassCalibrationStore(directory: directory)
        for text in ["{\"model\": \"ellipse\", \"off", "{\"model\":\"ellipse\",\"offset\":{\"x\":1e999,\"y\":0,\"z\":0}}"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
            XCTAssertThrowsError(try store.load(for: .qmc5883l, address: 0x0D)) { error in
                XCTAssertTrue(error is StateFileUnreadable, "\(error)")
                XCTAssertTrue("\(error)".contains("moved aside to \(store.path).unreadable-"), "\(error)")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: store.path))
        }
    }

    /// A hand-edited matrix of the wrong shape is refused with the key and the reason, not as "not JSON".
    func testASoftIronMatrixOfTheWrongShapeIsRefusedWithTheKeyNamed() throws {
        let store = CompassCalibrationStore(directory: directory)
        let text = #"{"model":"ellipse","offset":{"x":1,"y":2,"z":0},"softIron":[[1,0]],"fieldStrength":20,"unit":"uT","quality":{"samples":90,"relativeSpread":0.01,"coverageDegrees":360}}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
        XCTAssertThrowsError(try store.load()) { error in
            XCTAssertTrue("\(error)".contains("\"softIron\": a 3×3 matrix needs 3 rows of 3 numbers"), "\(error)")
        }
    }
}
