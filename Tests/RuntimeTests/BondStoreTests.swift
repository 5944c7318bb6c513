import BLE
import Foundation
import Glibc
import Platform
@testable import Runtime
import XCTest

/// The bond file that stands in for bluetoothd's key store on a Pi without bluetoothd.
final class BondStoreTests: XCTestCase {
    var directory = ""
    let adapter = BluetoothAddress(string: "B8:27:EB:12:34:56")!
    static let belt = ManagementAddress(BluetoothAddress(string: "C4:7F:51:0A:1B:2C")!, type: .lePublic)
    static let key = LongTermKey(peer: belt, keyType: 0x00, central: true, encryptionSize: 16,
                                 encryptionDiversifier: 0x1234, randomNumber: 0x0807_0605_0403_0201,
                                 value: Array(0xA0...0xAF))

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bonds-\(UUID().uuidString)").path
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testNoFileMeansNoBonds() throws {
        XCTAssertEqual(try BondStore(stateDirectory: directory).bonds(adapter: adapter), [])
    }

    func testABondRoundTripsWithEveryKeyField() throws {
        let store = BondStore(stateDirectory: directory)
        var responder = Self.key
        responder.central = false
        responder.randomNumber = 0xFFEE_DDCC_BBAA_0099
        let random = ManagementAddress(BluetoothAddress(string: "F0:11:22:33:44:55")!, type: .leRandom)
        let irk = IdentityResolvingKey(peer: random, value: Array(0x10...0x1F))
        var randomKey = Self.key
        randomKey.peer = random
        randomKey.keyType = 2
        try store.save(Bond(peer: Self.belt, longTermKeys: [Self.key, responder]), adapter: adapter)
        try store.save(Bond(peer: random, longTermKeys: [randomKey], identityResolvingKey: irk), adapter: adapter)
        XCTAssertEqual(try store.bonds(adapter: adapter), [
            Bond(peer: Self.belt, longTermKeys: [Self.key, responder]),
            Bond(peer: random, longTermKeys: [randomKey], identityResolvingKey: irk),
        ])
        XCTAssertEqual(try store.bonds(adapter: BluetoothAddress(string: "B8:27:EB:00:00:01")!), [],
                       "a bond belongs to the adapter that made it")
    }

    /// The keys are kept only where the appliance would keep them: an existing directory that lets
    /// group or others in is refused as the appliance refuses it, and nothing is written there.
    func testKeysAreNotWrittenIntoADirectoryOthersCanEnter() throws {
        XCTAssertEqual(mkdir(directory, 0o700), 0)
        XCTAssertEqual(chmod(directory, 0o755), 0)
        let store = BondStore(stateDirectory: directory)
        XCTAssertThrowsError(try store.save(Bond(peer: Self.belt, longTermKeys: [Self.key]), adapter: adapter)) { error in
            XCTAssertEqual(error as? BondStoreError, .notPrivate(StateDirectoryNotPrivate(path: directory, mode: 0o755)))
            XCTAssertTrue("\(error)".contains("chmod 700 \(directory)"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
    }

    func testAMissingStateDirectoryIsCreatedPrivateForTheKeys() throws {
        try BondStore(stateDirectory: directory).save(Bond(peer: Self.belt, longTermKeys: [Self.key]), adapter: adapter)
        var info = stat()
        XCTAssertEqual(stat(directory, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o700)
    }

    func testPairingAgainReplacesTheOldBond() throws {
        let store = BondStore(stateDirectory: directory)
        try store.save(Bond(peer: Self.belt, longTermKeys: [Self.key]), adapter: adapter)
        var newer = Self.key
        newer.value = Array(0xB0...0xBF)
        try store.save(Bond(peer: Self.belt, longTermKeys: [newer]), adapter: adapter)
        XCTAssertEqual(try store.bonds(adapter: adapter), [Bond(peer: Self.belt, longTermKeys: [newer])])
    }

    func testRemoveSaysWhetherThereWasABond() throws {
        let store = BondStore(stateDirectory: directory)
        try store.save(Bond(peer: Self.belt, longTermKeys: [Self.key]), adapter: adapter)
        XCTAssertTrue(try store.remove(peer: Self.belt.address, adapter: adapter).removed)
        XCTAssertFalse(try store.remove(peer: Self.belt.address, adapter: adapter).removed)
        XCTAssertEqual(try store.bonds(adapter: adapter), [])
    }

    /// The file holds secrets: only its owner may read it.
    func testTheFileIsReadableByItsOwnerOnly() throws {
        let store = BondStore(stateDirectory: directory)
        try store.save(Bond(peer: Self.belt, longTermKeys: [Self.key]), adapter: adapter)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        XCTAssertTrue(text.contains("A0A1A2A3A4A5A6A7A8A9AAABACADAEAF"), text)
        XCTAssertTrue(text.contains("\"B8:27:EB:12:34:56\""), text)
    }

    func testADamagedFileSaysWhereAndWhatToDo() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let store = BondStore(stateDirectory: directory)
        try Data("{\"version\":1,\"adapters\":{\"B8:27:EB:12:34:56\":[{\"peer\":\"C4:7F:51:0A:1B:2C\",\"type\":\"public\",\"longTermKeys\":[{\"keyType\":0,\"central\":true,\"encryptionSize\":16,\"ediv\":1,\"rand\":\"1\",\"value\":\"A0\"}]}]}}".utf8)
            .write(to: URL(fileURLWithPath: store.path))
        XCTAssertThrowsError(try store.bonds(adapter: adapter)) { error in
            guard case .corrupt(let path, _) = error as? BondStoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, store.path)
            XCTAssertTrue("\(error)".contains("pair the devices again"), "\(error)")
        }
        try Data("not json".utf8).write(to: URL(fileURLWithPath: store.path))
        XCTAssertThrowsError(try store.bonds(adapter: adapter))
        try Data("{\"version\":9,\"adapters\":{}}".utf8).write(to: URL(fileURLWithPath: store.path))
        XCTAssertThrowsError(try store.bonds(adapter: adapter)) { XCTAssertTrue("\($0)".contains("version 9"), "\($0)") }
    }
}
