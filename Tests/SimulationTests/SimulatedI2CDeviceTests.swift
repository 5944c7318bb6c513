import Config
import Navigation
import Platform
import Sensors
import Simulation
import XCTest

/// The simulated board's I2C devices, read through the real drivers: the u-blox DDC port and the
/// QMC5883L register model, on the simulated bus that NACKs what is not there.
final class SimulatedI2CDeviceTests: XCTestCase {
    func ddcBus(_ device: UBloxDDCDevice = UBloxDDCDevice()) -> SimulatedI2CBus {
        let bus = SimulatedI2CBus(bus: 1)
        bus.attach(device, at: UBloxDDCDevice.address)
        return bus
    }

    func ddc(_ bus: SimulatedI2CBus) -> UBloxDDCDevice {
        bus.withDevice(at: UBloxDDCDevice.address, as: UBloxDDCDevice.self) { $0 }!
    }

    // MARK: The bus

    func testAnAddressWithoutADeviceIsNotAcknowledged() {
        let bus = ddcBus()
        XCTAssertThrowsError(try bus.readByte(address: 0x0D, register: 0x0D)) {
            XCTAssertEqual($0 as? I2CError, .deviceAbsent(bus: 1, address: 0x0D))
        }
        XCTAssertThrowsError(try bus.readBlock(address: 0x42, register: 0xFF, count: 33)) {
            XCTAssertEqual($0 as? I2CError, .invalidLength(bus: 1, count: 33, limit: 32), "SMBus blocks are at most 32 bytes")
        }
        XCTAssertThrowsError(try bus.readByte(address: 0x84, register: 0)) {
            XCTAssertEqual($0 as? I2CError, .invalidAddress(bus: 1, address: 0x84))
        }
    }

    func testAnUnpluggedDeviceNacksAndKeepsItsStateUntilPluggedBackIn() throws {
        let bus = ddcBus()
        bus.withDevice(at: 0x42, as: UBloxDDCDevice.self) { $0.output(Array("$GNTXT*00\r\n".utf8)) }
        bus.setUnplugged(true, address: 0x42)
        XCTAssertThrowsError(try bus.readBlock(address: 0x42, register: 0xFD, count: 2)) {
            XCTAssertEqual($0 as? I2CError, .deviceAbsent(bus: 1, address: 0x42))
        }
        bus.setUnplugged(false, address: 0x42)
        XCTAssertEqual(try bus.readBlock(address: 0x42, register: 0xFD, count: 2), [0, 11], "the 11 bytes are still waiting")
    }

    // MARK: u-blox DDC

    func testTheDriverDrainsTheStreamInThirtyTwoByteChunksAfterReadingTheBigEndianCount() throws {
        let bus = ddcBus()
        let message = (0..<300).map { UInt8(0x20 + $0 % 90) }   // printable, no 0xFF, no UBX sync
        bus.withDevice(at: 0x42, as: UBloxDDCDevice.self) { $0.output(message) }
        XCTAssertEqual(try bus.readBlock(address: 0x42, register: 0xFD, count: 2), [0x01, 0x2C], "300 = 0x012C, high byte first")
        var driver = UBloxDDCDriver(transport: bus)
        XCTAssertEqual(try driver.poll(), message)
        XCTAssertEqual(ddc(bus).waiting, 0)
        XCTAssertEqual(ddc(bus).fillerBytesRead, 0, "the driver read exactly the count")
        XCTAssertEqual(try driver.poll(), [], "an empty receiver: count 0, no stream read")
        XCTAssertEqual(bus.transferCount, 1 + 1 + 10 + 1, "count, count, ⌈300/32⌉ chunks, count")
    }

    func testAnEmptyStreamReadsFillerAndTheCountRunsIntoTheStream() throws {
        let bus = ddcBus()
        XCTAssertEqual(try bus.readBlock(address: 0x42, register: 0xFF, count: 4), [0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertEqual(ddc(bus).fillerBytesRead, 4)
        bus.withDevice(at: 0x42, as: UBloxDDCDevice.self) { $0.output([0x24, 0x47, 0x4E]) }
        // One read from 0xFD: count high, count low, then the stream (the pointer stops at 0xFF).
        XCTAssertEqual(try bus.readBlock(address: 0x42, register: 0xFD, count: 7), [0x00, 0x03, 0x24, 0x47, 0x4E, 0xFF, 0xFF])
    }

    func testAPartialReadLeavesTheRestWaitingAndTheCountFollows() throws {
        let bus = ddcBus()
        bus.withDevice(at: 0x42, as: UBloxDDCDevice.self) { $0.output(Array(1...40)) }
        XCTAssertEqual(try bus.readBlock(address: 0x42, register: 0xFF, count: 10), Array(1...10))
        XCTAssertEqual(try bus.readBlock(address: 0x42, register: 0xFD, count: 2), [0, 30])
        var driver = UBloxDDCDriver(transport: bus)
        XCTAssertEqual(try driver.poll(), Array(11...40))
    }

    func testFillerInsideAUBXFrameIsPayloadAndTheFrameSurvivesTheDriver() throws {
        // A NAV-PVT whose payload contains 0xFF bytes (a negative longitude), as the receiver sends it.
        var receiver = SimulatedReceiver(output: .ubx)
        let fix = Fix(coordinate: Coordinate(latitude: 51.5, longitude: -0.0000001), altitude: 20, speed: 0, mode: .threeD,
                      satellites: 9, hdop: 0.9, horizontalAccuracy: 2.5, utcSeconds: 1_795_000_000, receivedAt: .zero)
        let frame = receiver.burst(fix: fix, utcSeconds: 1_795_000_000)
        XCTAssertTrue(frame.contains(0xFF))
        let bus = ddcBus()
        bus.withDevice(at: 0x42, as: UBloxDDCDevice.self) { $0.output(frame) }
        var driver = UBloxDDCDriver(transport: bus)
        let read = try driver.poll()
        XCTAssertEqual(read, frame)
        var decoder = GPSDecoder()
        _ = decoder.feed(read, now: .zero)
        let decoded = try XCTUnwrap(decoder.finish(now: .zero).first?.fix())
        XCTAssertEqual(decoded.coordinate.longitude, -0.0000001, accuracy: 1e-9)
    }

    func testAFullBufferDropsWholeMessages() {
        var device = UBloxDDCDevice(capacity: 100)
        device.output([UInt8](repeating: 0x41, count: 80))
        device.output([UInt8](repeating: 0x42, count: 30))
        XCTAssertEqual(device.waiting, 80)
        XCTAssertEqual(device.droppedBytes, 30)
    }

    // MARK: QMC5883L

    func compassBus() -> SimulatedI2CBus {
        let bus = SimulatedI2CBus(bus: 1)
        bus.attach(QMC5883LDevice(), at: QMC5883LDevice.address)
        return bus
    }

    func sense(_ bus: SimulatedI2CBus, _ field: Vector3, at t: Duration) {
        bus.withDevice(at: QMC5883LDevice.address, as: QMC5883LDevice.self) { $0.sense(field, at: t) }
    }

    func testAutoDetectionFindsTheSimulatedQMC5883LByItsIdentityRegister() throws {
        let driver = try CompassDetector.detect(on: compassBus())
        XCTAssertEqual(driver.chip, .qmc5883l)
        XCTAssertEqual(driver.address, 0x0D)
    }

    func testTheChipMeasuresOnlyAfterTheDriverStartsItAndDataReadyClearsWhenRead() throws {
        let bus = compassBus()
        let driver = QMC5883L(transport: bus)
        sense(bus, Vector3(19, -0.5, 45.8), at: .zero)
        XCTAssertNil(try driver.read(), "standby after power-on: nothing measured")
        try driver.performSetupWrites()
        XCTAssertEqual(bus.withDevice(at: 0x0D, as: QMC5883LDevice.self) { $0.countsPerMicrotesla }, 30, "±8 G: 3000 LSB/G")
        sense(bus, Vector3(19, -0.5, 45.8), at: .milliseconds(10))
        let sample = try XCTUnwrap(try driver.read()?.field)
        XCTAssertEqual(sample.x, 19, accuracy: 1.0 / 30)
        XCTAssertEqual(sample.y, -0.5, accuracy: 1.0 / 30)
        XCTAssertEqual(sample.z, 45.8, accuracy: 1.0 / 30)
        XCTAssertNil(try driver.read(), "DRDY cleared by reading the data registers")
    }

    func testUnreadSamplesSetDataOverrunAndAnOverrangeFieldIsAnOverflow() throws {
        let bus = compassBus()
        let driver = QMC5883L(transport: bus)
        try driver.performSetupWrites()
        sense(bus, Vector3(10, 0, 40), at: .zero)
        sense(bus, Vector3(10, 0, 40), at: .milliseconds(1))   // within the 5 ms sample period: no new sample
        XCTAssertEqual(try bus.readByte(address: 0x0D, register: 0x06), 0x01)
        sense(bus, Vector3(10, 0, 40), at: .milliseconds(5))
        XCTAssertEqual(try bus.readByte(address: 0x0D, register: 0x06), 0x05, "DRDY and DOR: a sample was skipped")
        _ = try driver.read()
        sense(bus, Vector3(2000, 0, 40), at: .milliseconds(10))   // 2000 µT: beyond ±8 G
        XCTAssertThrowsError(try driver.read()) { XCTAssertEqual($0 as? CompassError, .overflow(chip: .qmc5883l, address: 0x0D)) }
        try bus.writeByte(address: 0x0D, register: 0x0A, value: 0x80)   // soft reset
        sense(bus, Vector3(10, 0, 40), at: .milliseconds(20))
        XCTAssertNil(try driver.read(), "after a soft reset the chip is in standby again")
    }

    /// Model → driver → heading for the eight compass points, undistorted: within the quantisation.
    func testTheDriverRecoversTheHeadingAtAllEightCompassPoints() throws {
        let bus = compassBus()
        let driver = QMC5883L(transport: bus)
        try driver.performSetupWrites()
        let field = SimulatedMagneticField.osnabrueck
        let estimator = CompassHeadingEstimator()
        for (i, heading) in stride(from: 0.0, to: 360, by: 45).enumerated() {
            sense(bus, field.atSensor(magneticHeading: heading), at: .milliseconds(10 * (i + 1)))
            let sample = try XCTUnwrap(try driver.read())
            let measured = try XCTUnwrap(estimator.heading(from: sample, at: .zero)).magneticDegrees
            XCTAssertEqual(Bearing.difference(from: heading, to: measured), 0, accuracy: 0.2, "heading \(heading)°")
            // Level and still: gravity straight down gives the same heading through tilt compensation.
            let tilted = try XCTUnwrap(estimator.heading(from: sample, gravity: Vector3(0, 0, 9.81), at: .zero)).magneticDegrees
            XCTAssertEqual(Bearing.difference(from: heading, to: tilted), 0, accuracy: 0.2, "heading \(heading)°")
        }
    }

    /// Hard and soft iron bend the headings by many degrees; the calibration fitted to a turn on the spot
    /// (what `wayfinder calibrate compass` collects) brings them back.
    func testTheFittedCalibrationUndoesTheConfiguredDistortion() throws {
        let bus = compassBus()
        let driver = QMC5883L(transport: bus)
        try driver.performSetupWrites()
        let field = SimulatedMagneticField(inclination: 67.4, intensity: 49.6, hardIron: Vector3(25, -12, 8),
                                           softIron: Matrix3(rows: [[1.15, 0.08, 0], [0.08, 0.88, 0], [0, 0, 1]]))
        var t = Duration.zero
        func measure(_ heading: Double) throws -> CompassSample {
            t += .milliseconds(10)
            sense(bus, field.atSensor(magneticHeading: heading), at: t)
            return try XCTUnwrap(try driver.read())
        }
        var samples: [Vector3] = []
        for heading in stride(from: 0.0, to: 360, by: 10) { samples.append(try XCTUnwrap(try measure(heading).field)) }
        let calibration = try CompassCalibrationFit.fit(samples)
        XCTAssertEqual(calibration.model, .ellipse, "a turn on the spot is planar")
        let raw = CompassHeadingEstimator(), corrected = CompassHeadingEstimator(calibration: calibration)
        var worstRaw = 0.0
        for heading in stride(from: 0.0, to: 360, by: 45) {
            let sample = try measure(heading)
            let uncorrected = try XCTUnwrap(raw.heading(from: sample, at: .zero)).magneticDegrees
            worstRaw = max(worstRaw, abs(Bearing.difference(from: heading, to: uncorrected)))
            let fixed = try XCTUnwrap(corrected.heading(from: sample, at: .zero)).magneticDegrees
            XCTAssertEqual(Bearing.difference(from: heading, to: fixed), 0, accuracy: 0.5, "heading \(heading)°")
        }
        XCTAssertGreaterThan(worstRaw, 20, "the distortion matters: without calibration headings are far off")
    }

    /// The world's compass: the heading the walker's field encodes, read back through the driver, is
    /// the walker's magnetic heading with the configured noise (2°) — never further than 4σ.
    func testTheWorldsCompassFieldReadsBackAsTheWalkersHeadingWithinItsNoise() throws {
        let route = Route(name: "t", kind: .route, waypoints: [
            Waypoint(name: "a", coordinate: Coordinate(latitude: 52.2790, longitude: 8.0420)),
            Waypoint(name: "b", coordinate: Coordinate(latitude: 52.2760, longitude: 8.0480)),
        ])
        var world = SimulatedWorld(route: route, configuration: SimulationConfiguration(seed: 9), declination: 3.6)
        let bus = compassBus()
        let driver = QMC5883L(transport: bus)
        try driver.performSetupWrites()
        var checked = 0
        var t = Duration.zero
        while t < .seconds(30) {
            t += .milliseconds(200)
            let out = world.advance(to: t)
            guard let field = out.compassField, let noisy = out.headings.last else { continue }
            sense(bus, field, at: t)
            let heading = try XCTUnwrap(CompassHeadingEstimator().heading(from: try XCTUnwrap(try driver.read()), at: t))
            XCTAssertEqual(Bearing.difference(from: noisy.magneticDegrees, to: heading.magneticDegrees), 0, accuracy: 0.2)
            let truth = Bearing.normalized(world.walker.bodyHeading - 3.6)
            XCTAssertLessThan(abs(Bearing.difference(from: truth, to: heading.magneticDegrees)), 8)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// A breakout turned 90° to the left (`[compass] axes = "-y +x +z"`): the chip's axes are mapped to
    /// the body's before the heading, so the heading is the body's, not the chip's.
    func testTheMountingsAxesTurnTheChipsFieldIntoTheBodysHeading() throws {
        var why = ""
        let axes = try XCTUnwrap(AxisMapping(parsing: "-y +x +z", why: &why), why)
        let field = SimulatedMagneticField.osnabrueck
        for heading in stride(from: 0.0, to: 360, by: 45) {
            let body = field.bodyField(magneticHeading: heading)
            let chip = Vector3(body.y, -body.x, body.z)   // body x = −chip y, body y = chip x
            let mapped = try XCTUnwrap(CompassHeadingEstimator(axes: axes).heading(from: CompassSample(field: chip), at: .zero))
            XCTAssertEqual(Bearing.difference(from: heading, to: mapped.magneticDegrees), 0, accuracy: 1e-6)
            let unmapped = try XCTUnwrap(CompassHeadingEstimator().heading(from: CompassSample(field: chip), at: .zero))
            XCTAssertEqual(abs(Bearing.difference(from: heading, to: unmapped.magneticDegrees)), 90, accuracy: 1e-6,
                           "without the mapping the heading is the chip's, a quarter turn off")
        }
    }
}
