import Foundation
import Platform

/// The appliance guest as the checks see it from outside the appliance: the devices the rig made
/// (scripts/hil/appliance/devices.sh writes them to the environment), and the handles a person or
/// the world has on them — a button's line, the compass's registers, systemd, the journal.
struct ApplianceRig: Sendable {
    /// btvirt's controllers: hci0 is the appliance's adapter; the peripherals play on the others.
    let centralAdapter = "hci0"
    let beltAdapter = "hci1"
    let caseAdapter = "hci2"
    let pencilAdapter = "hci3"
    /// A device that advertises a belt's name without the belt's service.
    let impostorAdapter = "hci4"
    let beltAddress: BluetoothAddress
    let caseAddress: BluetoothAddress
    let pencilAddress: BluetoothAddress
    let impostorAddress: BluetoothAddress
    /// The gpio-sim chip's sysfs directory, where each line's `pull` is what the outside world does to it.
    let gpioSim: String
    let i2cBus: Int

    static func fromProcess() throws -> ApplianceRig {
        let env = ProcessInfo.processInfo.environment
        func value(_ key: String) throws -> String {
            guard let v = env[key], !v.isEmpty else {
                throw HILFailure("\(key) is not set: rig-devices.service did not finish (journalctl -u rig-devices)")
            }
            return v
        }
        func address(_ key: String) throws -> BluetoothAddress {
            let text = try value(key)
            guard let a = BluetoothAddress(string: text) else { throw HILFailure("\(key)=\(text) is not a Bluetooth address") }
            return a
        }
        guard let bus = Int(try value("I2C_BUS")) else { throw HILFailure("I2C_BUS is not a number") }
        return ApplianceRig(beltAddress: try address("HCI1"), caseAddress: try address("HCI2"),
                            pencilAddress: try address("HCI3"), impostorAddress: try address("HCI4"), gpioSim: try value("GPIO_SIM"), i2cBus: bus)
    }

    // MARK: Buttons

    /// Holds a button down or lets it go. The buttons are wired to ground with the pull-up on (the
    /// board's wiring), so pressing one pulls the line low: gpio-sim's `pull` attribute is the switch.
    func setButton(_ line: Int, pressed: Bool) throws {
        let path = "\(gpioSim)/sim_gpio\(line)/pull"
        do {
            try (pressed ? "pull-down" : "pull-up").write(toFile: path, atomically: false, encoding: .utf8)
        } catch {
            throw HILFailure("writing \(path): \(error)")
        }
    }

    /// A press of `length`, as a finger makes it.
    func press(_ line: Int, for length: Duration) async throws {
        try setButton(line, pressed: true)
        try await Task.sleep(for: length)
        try setButton(line, pressed: false)
    }

    /// Two presses 150 ms apart, well inside the 400 ms double-press window of the rig's configuration.
    func doublePress(_ line: Int) async throws {
        try await press(line, for: .milliseconds(100))
        try await Task.sleep(for: .milliseconds(150))
        try await press(line, for: .milliseconds(100))
    }

    /// A press through a switch whose contacts bounce: three quick changes at each end, well inside
    /// the 30 ms debounce window, around a steady hold of `length`.
    func bouncingPress(_ line: Int, for length: Duration) async throws {
        for pressed in [true, false, true] {
            try setButton(line, pressed: pressed)
            try await Task.sleep(for: .milliseconds(2))
        }
        try await Task.sleep(for: length)
        for pressed in [false, true, false] {
            try setButton(line, pressed: pressed)
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    // MARK: Compass

    /// The two magnetometers i2c-stub plays (scripts/hil/appliance/devices.sh loads it with both
    /// addresses). The HMC5883L answers at 0x1E from the start but only identifies itself once
    /// `installHMC5883L()` writes its identity, so until then `compass = "auto"` passes it over.
    enum Compass: Sendable {
        case qmc5883l, hmc5883l

        var address: String { self == .qmc5883l ? "0x0d" : "0x1e" }
    }

    /// Writes `bytes` from `register` on in one I2C block write, as i2cset's `i` mode does.
    func writeRegisters(_ compass: Compass, from register: UInt8, _ bytes: [UInt8]) async throws {
        try await ToolProcess.succeed("i2cset", ["-y", String(i2cBus), compass.address, String(register)] + bytes.map { String($0) } + ["i"])
    }

    /// Gives the HMC5883L at 0x1E its identity registers (0x0A–0x0C, "H43": Honeywell's datasheet,
    /// register list), so `compass = "auto"` finds it ahead of the QMC5883L.
    func installHMC5883L() async throws {
        try await writeRegisters(.hmc5883l, from: 0x0A, Array("H43".utf8))
    }

    /// Writes a chip's field registers and sets data-ready, as the chip does at each conversion.
    /// QMC5883L: X, Y, Z from 0x00, little-endian, DRDY in 0x06. HMC5883L: X, Z, Y from 0x03,
    /// big-endian, RDY in 0x09.
    func setField(x: Int16, y: Int16, z: Int16 = 0, on compass: Compass) async throws {
        func le(_ v: Int16) -> [UInt8] { let u = UInt16(bitPattern: v); return [UInt8(u & 0xFF), UInt8(u >> 8)] }
        func be(_ v: Int16) -> [UInt8] { le(v).reversed() }
        switch compass {
        case .qmc5883l:
            try await writeRegisters(compass, from: 0x00, le(x) + le(y) + le(z) + [0x01])
        case .hmc5883l:
            try await writeRegisters(compass, from: 0x03, be(x) + be(z) + be(y) + [0x01])
        }
    }

    /// The horizontal field for a wearer facing `heading` degrees (magnetic): the chip's x axis
    /// forward, y to the right, z down, so magnetic north lies at −heading in the body frame and the
    /// heading is atan2(−y, x) (the tilt-compensation formula in Sources/Sensors/Compass).
    func face(heading degrees: Double, on compass: Compass = .qmc5883l) async throws {
        let r = degrees * .pi / 180
        let counts = 2000.0
        try await setField(x: Int16((counts * cos(r)).rounded()), y: Int16((-counts * sin(r)).rounded()), on: compass)
    }

    // MARK: systemd and the journal

    @discardableResult
    func systemctl(_ arguments: String...) async throws -> String {
        try await ToolProcess.succeed("systemctl", arguments)
    }

    /// How often systemd has restarted the service since it was first started.
    func restarts() async throws -> Int {
        Int(try await unitProperties(["NRestarts"])["NRestarts"] ?? "") ?? 0
    }

    /// Waits for systemd to have restarted the service more than `before` times and for it to be active.
    func waitForRestart(after before: Int, within limit: Duration, _ what: String) async throws {
        try await waitUntil(limit, what, every: .seconds(1)) {
            guard let p = try? await unitProperties(["NRestarts", "ActiveState"]) else { return false }
            return (Int(p["NRestarts"] ?? "") ?? 0) > before && p["ActiveState"] == "active"
        }
    }

    /// Waits for the service to be active (after a start, restart or reload).
    func waitUntilActive(within limit: Duration, _ what: String) async throws {
        try await waitUntil(limit, what, every: .seconds(1)) {
            (try? await unitProperties(["ActiveState"]))?["ActiveState"] == "active"
        }
    }

    /// `systemctl show -p NAME wayfinder` values.
    func unitProperties(_ names: [String], unit: String = "wayfinder.service") async throws -> [String: String] {
        let out = try await ToolProcess.succeed("systemctl", ["show", unit] + names.flatMap { ["-p", $0] })
        var result: [String: String] = [:]
        for line in out.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            result[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        return result
    }

    /// The appliance's journal lines since `cursor` (or this boot), at `priority` or more urgent.
    func journal(priority: String? = nil, since cursor: String? = nil) async throws -> [String] {
        var args = ["-u", "wayfinder.service", "-b", "--no-pager", "-o", "cat"]
        if let priority { args += ["-p", priority] }
        if let cursor { args += ["--after-cursor", cursor] }
        return try await ToolProcess.succeed("journalctl", args).split(separator: "\n").map(String.init)
    }

    /// The journal's position now, to read only what comes after it.
    func journalCursor() async throws -> String {
        let out = try await ToolProcess.succeed("journalctl", ["-n", "0", "--show-cursor", "--no-pager"])
        guard let line = out.split(separator: "\n").last(where: { $0.hasPrefix("-- cursor: ") }) else {
            throw HILFailure("journalctl --show-cursor printed no cursor: \(out.suffix(200))")
        }
        return String(line.dropFirst("-- cursor: ".count))
    }
}
