import Config
import Platform
import WayfinderTestKit
import XCTest

/// A table whose schema lives outside Config, as the simulation's does: two keys, restart-only.
struct ScriptTable: ConfigurationTable, Equatable {
    static let name = "simulation"
    var acceleration: Double = 60
    var seed = 1

    static func read(_ table: TableReader?, context: ConfigurationContext) -> ScriptTable? {
        guard let table else { return context.board?.isSimulated == true ? ScriptTable() : nil }
        var script = ScriptTable()
        if let v = table.double("acceleration", in: 1...10_000, unit: "×") { script.acceleration = v }
        if let v = table.int("seed", in: 0...Int.max) { script.seed = v }
        table.rejectUnknownKeys()
        return script
    }

    var settings: [ConfigurationSetting] {
        [.init("simulation.acceleration", Render.number(acceleration), .restart), .init("simulation.seed", "\(seed)", .restart)]
    }
}

/// The loader's plug-in point for tables read elsewhere (`ConfigurationTable`).
final class ConfigurationTableTests: XCTestCase {
    let path = "/etc/wayfinder/wayfinder.toml"

    func text(_ extra: String, board: String = "sim") -> String {
        """
        board = "\(board)"
        [route]
        gpx = "\(Repository.demoRoute)"
        \(extra)
        """
    }

    func testARegisteredTableIsReadAndKeptUnderItsName() throws {
        let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles(), tables: [ScriptTable.self])
        let c = try loader.load(text: text("[simulation]\nacceleration = 120"), path: path)
        XCTAssertEqual(c.table(ScriptTable.self), ScriptTable(acceleration: 120, seed: 1))
        XCTAssertTrue(c.settings.contains(.init("simulation.acceleration", "120", .restart)))
        let absent = try loader.load(text: text(""), path: path)
        XCTAssertEqual(absent.table(ScriptTable.self), ScriptTable(), "the reader is asked even when the file has no table")
    }

    func testARegisteredTablesProblemsAreReportedWithTheirLines() {
        let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles(), tables: [ScriptTable.self])
        do {
            _ = try loader.load(text: text("[navigation]\nintensity = 500\n[simulation]\nsed = 3"), path: path)
            XCTFail("accepted")
        } catch {
            XCTAssertEqual(error.issues.map(\.keyPath), ["navigation.intensity", "simulation.sed"])
            XCTAssertEqual(error.issues.map(\.line), [5, 7], "every table's problems in one report, with lines")
            XCTAssertTrue(error.issues[1].message.contains("seed"), "a did-you-mean: \(error.issues[1].message)")
        }
    }

    func testATableWithoutAReaderIsAnUnknownKey() {
        let loader = ConfigurationLoader(boards: BoardCatalog(directories: [Repository.boards]), files: DiskFiles())
        do {
            _ = try loader.load(text: text("[simulation]\nseed = 3"), path: path)
            XCTFail("accepted")
        } catch {
            XCTAssertEqual(error.issues.map(\.keyPath), ["simulation"])
        }
    }
}
