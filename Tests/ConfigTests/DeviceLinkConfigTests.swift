import BLE
import Config
import Platform
import WayfinderTestKit
import XCTest

/// `[devices.*] address_type` and `security`: how the link to a device is made, checked with the
/// loader's usual errors (file:line, key path, "did you mean").
final class DeviceLinkConfigTests: XCTestCase {
    let fixture = ConfigurationFixture(loader: ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles()))

    func config(_ devices: String) -> String { fixture.text(devices) }

    func load(_ devices: String) throws -> WayfinderConfiguration { try fixture.load(devices) }

    func issues(_ devices: String, file: StaticString = #filePath, line: UInt = #line) -> [ConfigIssue] {
        fixture.issues(devices, file: file, line: line)
    }

    /// What `run` refuses with exit 78 (a device table that can match nothing), `config check` refuses too,
    /// with the table's line; a disabled device or one with a fixed address is fine.
    func testATableThatMatchesNoDeviceIsRefusedAsRunRefusesIt() throws {
        let found = issues("[devices.belt]\nname_contains = []\nservice_uuids = []\n")
        XCTAssertEqual(found.map(\.keyPath), ["devices.belt.name_contains"])
        XCTAssertEqual(found.first?.line, 5)
        XCTAssertTrue(found.first?.message.contains("no device can match") ?? false, "\(found)")
        XCTAssertEqual(issues("[devices.touch_case]\nenabled = true\nname_contains = []\nservice_uuids = []\n").map(\.keyPath),
                       ["devices.touch_case.name_contains"])
        XCTAssertNoThrow(try load("[devices.belt]\nenabled = false\nname_contains = []\nservice_uuids = []\n"))
        XCTAssertNoThrow(try load("[devices.belt]\naddress = \"C4:7F:51:0A:1B:2C\"\nname_contains = []\nservice_uuids = []\n"))
    }

    func testDefaultsAreUnencryptedWithTheTypeLearnedByScanning() throws {
        let c = try load("")
        for device in [c.belt, c.touchCase, c.pencil] {
            XCTAssertEqual(device.security, .low)
            XCTAssertNil(device.addressType)
        }
    }

    func testAFixedAddressWithItsTypeAndMediumSecurity() throws {
        let c = try load("""
        [devices.belt]
        address = "c4:7f:51:0a:1b:2c"
        address_type = "random"
        security = "medium"
        [devices.touch_case]
        address = "11:22:33:44:55:66"
        address_type = "public"
        security = "high"
        """)
        XCTAssertEqual(c.belt.address, "C4:7F:51:0A:1B:2C")
        XCTAssertEqual(c.belt.addressType, .leRandom)
        XCTAssertEqual(c.belt.security, .medium)
        XCTAssertEqual(c.touchCase.addressType, .lePublic)
        XCTAssertEqual(c.touchCase.security, .high)
        XCTAssertNil(c.pencil.addressType)
    }

    func testSecurityWithoutAnAddressIsAllowed() throws {
        let c = try load("[devices.belt]\nsecurity = \"medium\"")
        XCTAssertEqual(c.belt.security, .medium)
        XCTAssertNil(c.belt.address)
    }

    func testAMisspelledSecurityLevelSuggestsTheRightOne() {
        let found = issues("[devices.belt]\nsecurity = \"meduim\"")
        XCTAssertEqual(found.map(\.keyPath), ["devices.belt.security"])
        XCTAssertEqual(found.first?.line, 5)
        XCTAssertTrue(found.first!.message.contains("\"meduim\" is not one of \"low\", \"medium\", \"high\""), found.first!.message)
        XCTAssertTrue(found.first!.message.contains("did you mean \"medium\""), found.first!.message)
    }

    func testFIPSIsNotOffered() {
        let found = issues("[devices.belt]\nsecurity = \"fips\"")
        XCTAssertEqual(found.map(\.keyPath), ["devices.belt.security"])
    }

    func testAnAddressTypeOtherThanPublicOrRandomIsRejected() {
        let found = issues("[devices.belt]\naddress = \"C4:7F:51:0A:1B:2C\"\naddress_type = \"publik\"")
        XCTAssertEqual(found.map(\.keyPath), ["devices.belt.address_type"])
        XCTAssertEqual(found.first?.line, 6)
        XCTAssertTrue(found.first!.message.contains("did you mean \"public\""), found.first!.message)
    }

    func testAnAddressTypeWithoutAnAddressSaysItIsLearned() {
        let found = issues("[devices.pencil]\naddress_type = \"random\"")
        XCTAssertEqual(found.map(\.keyPath), ["devices.pencil.address_type"])
        XCTAssertTrue(found.first!.message.contains("only applies with a fixed address"), found.first!.message)
    }

    func testWrongValueTypesAreReported() {
        let found = issues("[devices.belt]\nsecurity = 2\n[devices.touch_case]\naddress = \"11:22:33:44:55:66\"\naddress_type = 1")
        XCTAssertEqual(found.map(\.keyPath), ["devices.belt.security", "devices.touch_case.address_type"])
        XCTAssertTrue(found[0].message.contains("expected a string"), found[0].message)
    }

    func testAMisspelledKeySuggestsTheNewKeys() {
        let found = issues("[devices.belt]\nadress_type = \"public\"\nsecurty = \"low\"")
        XCTAssertEqual(found.map(\.keyPath), ["devices.belt.adress_type", "devices.belt.securty"])
        XCTAssertTrue(found[0].message.contains("did you mean \"address_type\""), found[0].message)
        XCTAssertTrue(found[1].message.contains("did you mean \"security\""), found[1].message)
    }

    /// The annotated example and the demo still load with the new keys' comments in them.
    func testTheShippedExampleStillLoads() throws {
        let c = try fixture.loader.load(path: Repository.root + "/deploy/wayfinder.toml")
        XCTAssertEqual(c.belt.security, .low)
    }
}

/// What `config check` accepts, `run` can use: the validator and the runtime share one parser of
/// addresses and UUIDs. Digits from outside ASCII ("ＦＥ５１", fullwidth) pass Swift's `isHexDigit` and
/// once passed the checker, then trapped a force-unwrap when the device rules were built.
extension DeviceLinkConfigTests {
    func testAFullwidthUUIDIsRefusedByTheCheckerAndNeverReachesTheRules() {
        let issues = issues("""
            [devices.belt]
            service_uuids = ["ＦＥ５１"]
            """)
        XCTAssertEqual(issues.count, 1)
        XCTAssertTrue(issues.first?.description.contains("is not a UUID") ?? false, "\(issues)")
        XCTAssertNil(BLEUUID(string: "ＦＥ５１"))
        XCTAssertNil(BLEUUID(string: "０000FE51"))
        XCTAssertEqual(DeviceSelection(enabled: true, serviceUUIDs: ["ＦＥ５１", "FE51"]).discoveryRule.serviceUUIDs, [BLEUUID(0xFE51)])
    }

    func testAFullwidthAddressIsRefusedByTheChecker() {
        let issues = issues("""
            [devices.belt]
            address = "Ｃ4:7F:51:0A:1B:2C"
            """)
        XCTAssertEqual(issues.count, 1)
        XCTAssertTrue(issues.first?.description.contains("is not a Bluetooth address") ?? false, "\(issues)")
    }

    func testEveryUUIDFormTheRulesTakeTheCheckerTakes() throws {
        let c = try load("""
            [devices.belt]
            service_uuids = ["fe51", "0xFE51", "0000FE51", "0000fe51-0000-1000-8000-00805f9b34fb"]
            """)
        XCTAssertEqual(c.belt.discoveryRule.serviceUUIDs, Array(repeating: BLEUUID(0xFE51), count: 4))
    }
}
