import Foundation
import WayfinderTestKit
import XCTest
@testable import Platform

/// GPIO bindings, checked for real on a machine without /dev/gpiochip* (build and CI machines):
/// the error paths and the request checks. A real chip is read in `make hil`'s appliance boot, where
/// the installed appliance reads buttons pulled on a gpio-sim chip through libgpiod 1.6 (docs/hil.md).
final class GPIOTests: XCTestCase {

    // MARK: - Library and flavour

    func testCompiledAPIFlavourAndRuntimeVersionMatchTheInstalledLibgpiod() throws {
        let installed = try pkgConfigVersion("libgpiod")
        XCTAssertEqual(GPIOLibrary.version, installed,
                       "the libgpiod loaded at run time is not the one the build found")
        let major = installed.split(separator: ".").first.map(String.init)
        switch major {
        case "1":
            // Debian 12 / Pi OS Bookworm: libgpiod 1.6, v1 API, no kernel debounce.
            XCTAssertEqual(GPIOLibrary.apiFlavour, .v1)
            XCTAssertTrue(GPIOLibrary.version.hasPrefix("1.6."), GPIOLibrary.version)
            XCTAssertFalse(GPIOLibrary.hasKernelDebounce)
        case "2":
            XCTAssertEqual(GPIOLibrary.apiFlavour, .v2)
            XCTAssertTrue(GPIOLibrary.hasKernelDebounce)
        default:
            XCTFail("unexpected libgpiod version \(installed)")
        }
    }

    // MARK: - Opening chips

    func testOpeningAnUnknownLabelThrowsChipNotFoundNamingTheLabelAndTheChipsFound() throws {
        let label = "wayfinder-no-such-chip"
        let present = try GPIOChip.availableChips().map(\.label).filter { !$0.isEmpty }
        XCTAssertThrowsError(try GPIOChip(label: label)) { error in
            XCTAssertEqual(error as? GPIOError, .chipNotFound(label: label, available: present))
            XCTAssertTrue("\(error)".contains("\"\(label)\""), "\(error)")
        }
    }

    func testChipListingShowsEveryGPIOChipNodeInDev() throws {
        let nodes = try FileManager.default.contentsOfDirectory(atPath: "/dev")
            .filter { $0.hasPrefix("gpiochip") }
            .map { "/dev/" + $0 }
            .filter { path in
                // Symlinks (Pi OS's gpiochip4 -> gpiochip0) are folded into their target.
                (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil
            }
        XCTAssertEqual(Set(try GPIOChip.availableChips().map(\.path)), Set(nodes))
    }

    func testOpeningAMissingPathThrowsChipPathNotFound() {
        let path = "/dev/gpiochip-wayfinder-missing"
        XCTAssertThrowsError(try GPIOChip(path: path)) { error in
            XCTAssertEqual(error as? GPIOError, .chipPathNotFound(path: path))
        }
    }

    /// libgpiod 2 answers ENOENT for an existing node that sysfs does not list (no /sys in a chroot or
    /// container): the node is there, so it is "not a GPIO chip", not "not found".
    func testENOENTForAnExistingNodeIsNotAGPIOChipAndForAMissingOneNotFound() {
        XCTAssertEqual(GPIOChip.openPathError(path: "/dev/null", errno: ENOENT), .notAGPIOChip(path: "/dev/null"))
        XCTAssertEqual(GPIOChip.openPathError(path: "/dev/gpiochip-that-is-not-there", errno: ENOENT),
                       .chipPathNotFound(path: "/dev/gpiochip-that-is-not-there"))
    }

    func testOpeningADeviceThatIsNotAGPIOChipThrowsNotAGPIOChip() {
        XCTAssertThrowsError(try GPIOChip(path: "/dev/null")) { error in
            XCTAssertEqual(error as? GPIOError, .notAGPIOChip(path: "/dev/null"))
        }
    }

    // MARK: - Request checks (made before the kernel sees the request)

    func testRequestValidationRejectsEmptyDuplicateOutOfRangeAndOversizedLineSets() {
        func failure(_ offsets: [UInt32], lineCount: Int = 54) -> GPIOError? {
            do {
                try GPIOChip.validate(offsets: offsets, chip: "gpiochip0", lineCount: lineCount)
                return nil
            } catch {
                return error
            }
        }
        XCTAssertNil(failure([17, 27, 22]))
        XCTAssertEqual(failure([]), .noLines)
        XCTAssertEqual(failure([17, 27, 17]), .duplicateLine(offset: 17))
        XCTAssertEqual(failure([5, 54]), .lineOutOfRange(offset: 54, chip: "gpiochip0", lineCount: 54))
        XCTAssertEqual(failure([UInt32.max]), .lineOutOfRange(offset: UInt32.max, chip: "gpiochip0", lineCount: 54))
        XCTAssertEqual(failure((0..<65).map(UInt32.init), lineCount: 100), .tooManyLines(count: 65, limit: 64))
        XCTAssertNil(failure((0..<64).map(UInt32.init), lineCount: 100))
    }

    func testDurationsBecomeKernelUnitsWithoutTrapping() {
        XCTAssertEqual(GPIOChip.microseconds(.milliseconds(30)), 30_000)
        XCTAssertEqual(GPIOChip.microseconds(.zero), 0)
        XCTAssertEqual(GPIOChip.microseconds(.milliseconds(-5)), 0)
        XCTAssertEqual(GPIOChip.microseconds(.seconds(Int64.max)), UInt32.max)
        XCTAssertEqual(GPIOInputRequest.nanoseconds(.milliseconds(250)), 250_000_000)
        XCTAssertEqual(GPIOInputRequest.nanoseconds(.seconds(-1)), 0)
        XCTAssertEqual(GPIOInputRequest.nanoseconds(.seconds(Int64.max)), Int64.max)
    }

    func testErrnoFromOpeningAndRequestingMapsToActionableErrors() {
        XCTAssertEqual(GPIOChip.openPathError(path: "/dev/gpiochip0", errno: EACCES),
                       .permissionDenied(path: "/dev/gpiochip0"))
        XCTAssertEqual(GPIOChip.openPathError(path: "/dev/tty0", errno: ENOTTY), .notAGPIOChip(path: "/dev/tty0"))
        XCTAssertEqual(GPIOChip.openByLabelError(label: "pinctrl-rp1", errno: EIO),
                       .system(operation: "opening the GPIO chip labelled \"pinctrl-rp1\"", path: "/dev", errno: EIO))
        let message = GPIOError.permissionDenied(path: "/dev/gpiochip0").description
        XCTAssertTrue(message.contains("/dev/gpiochip0") && message.contains("'gpio' group"), message)
        let busy = GPIOError.busy(chip: "gpiochip0", offsets: [17, 27]).description
        XCTAssertTrue(busy.contains("17, 27") && busy.contains("gpioinfo"), busy)
    }

    func testChipNotFoundMessageListsTheLabelsThatWereFound() {
        let message = GPIOError.chipNotFound(label: "pinctrl-bcm2711",
                                             available: ["pinctrl-rp1", "raspberrypi-exp-gpio"]).description
        XCTAssertTrue(message.contains("\"pinctrl-bcm2711\""), message)
        XCTAssertTrue(message.contains("pinctrl-rp1, raspberrypi-exp-gpio"), message)
        let none = GPIOError.chipNotFound(label: "pinctrl-rp1", available: []).description
        XCTAssertTrue(none.contains("no GPIO chips at all"), none)
    }

    // MARK: - Async bridge (scripted source; the real one needs a chip)

    func testEventStreamDeliversTheSourcesEdgesInOrder() async throws {
        let expected = [
            GPIOEdgeEvent(offset: 17, edge: .rising, timestamp: .milliseconds(10)),
            GPIOEdgeEvent(offset: 27, edge: .rising, timestamp: .milliseconds(11)),
            GPIOEdgeEvent(offset: 17, edge: .falling, timestamp: .milliseconds(90)),
        ]
        let source = ScriptedEventSource(batches: [[expected[0], expected[1]], [], [expected[2]]], then: .released)
        let stream = GPIOEventPump.stream(from: source) {}
        var received: [GPIOEdgeEvent] = []
        for try await event in stream { received.append(event) }
        XCTAssertEqual(received, expected)
    }

    func testEventStreamEndsWithTheSourcesErrorWhenReadingFails() async {
        let failure = GPIOError.system(operation: "reading GPIO edges", path: "/dev/gpiochip0", errno: EIO)
        let source = ScriptedEventSource(batches: [], then: failure)
        let stream = GPIOEventPump.stream(from: source) {}
        do {
            for try await _ in stream {}
            XCTFail("the stream finished without the read error")
        } catch {
            XCTAssertEqual(error as? GPIOError, failure)
        }
    }

    /// An idle button thread sleeps in one wait until the stream ends, instead of waking on a
    /// timeout to look at a flag: a wake-up a quarter second costs battery on a Pi. The wait is the
    /// source's, on the stop flag with no timeout (`pollTimeout` is -1, checked below), so the pump
    /// waits once and the stop is what wakes it.
    func testAnIdleEventThreadWaitsOnceAndCancellingTheConsumerWakesIt() async throws {
        let source = ScriptedEventSource(batches: [], then: nil)
        let finished = expectation(description: "event thread finished")
        let stream = GPIOEventPump.stream(from: source) { finished.fulfill() }
        let consumer = Task { for try await _ in stream {} }
        // The pump's event thread is a kernel thread of its own: polled, bounded.
        try await eventually("the event thread's first wait", every: .milliseconds(10)) { source.calls > 0 }
        XCTAssertEqual(source.stopTimeouts, [-1], "one wait, with no timeout of its own")
        consumer.cancel()
        await fulfillment(of: [finished], timeout: 5)
        XCTAssertEqual(source.calls, 1, "the stop woke the wait; nothing polled again")
    }

    func testAStopFlagsDescriptorTurnsReadableWhenItIsSet() {
        let stop = StopFlag()
        XCTAssertGreaterThanOrEqual(stop.wakeDescriptor, 0)
        XCTAssertEqual(stop.pollTimeout, -1, "readers can wait without a timeout")
        var entry = stop.pollEntry
        XCTAssertEqual(poll(&entry, 1, 0), 0, "not readable before it is set")
        stop.set()
        XCTAssertTrue(stop.isSet)
        entry = stop.pollEntry
        XCTAssertEqual(poll(&entry, 1, 0), 1, "readable once set")
        entry = stop.pollEntry
        XCTAssertEqual(poll(&entry, 1, 0), 1, "and stays readable for every later wait")
    }

    func testDroppingAStreamThatWasNeverIteratedStopsTheEventThread() async {
        let source = ScriptedEventSource(batches: [], then: nil)
        let finished = expectation(description: "event thread finished")
        var stream: AsyncThrowingStream<GPIOEdgeEvent, any Error>? =
            GPIOEventPump.stream(from: source) { finished.fulfill() }
        XCTAssertNotNil(stream)
        stream = nil
        await fulfillment(of: [finished], timeout: 2)
    }

    // MARK: - Helpers

    private func pkgConfigVersion(_ package: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--modversion", package]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, !text.isEmpty else {
            // The build itself needs pkg-config, so failing to ask it is a failure, not a skip.
            throw PkgConfigFailure(message: "pkg-config --modversion \(package) failed (status \(process.terminationStatus))")
        }
        return text
    }
}

private struct PkgConfigFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Returns queued batches, then blocks until `stop` is set (as the real wait does) or ends with
/// `ending`; counts its calls.
private final class ScriptedEventSource: GPIOEventSource, @unchecked Sendable {
    private let lock = NSLock()
    private var batches: [[GPIOEdgeEvent]]
    private let ending: GPIOError?
    private var count = 0

    init(batches: [[GPIOEdgeEvent]], then ending: GPIOError?) {
        self.batches = batches
        self.ending = ending
    }

    private var timeouts: [Int32] = []

    var calls: Int { lock.withLock { count } }
    /// The poll timeout of the stop flag each call was given (-1: none).
    var stopTimeouts: [Int32] { lock.withLock { timeouts } }

    func nextEvents(until stop: StopFlag) throws(GPIOError) -> [GPIOEdgeEvent] {
        let next: [GPIOEdgeEvent]? = lock.withLock {
            count += 1
            timeouts.append(stop.pollTimeout)
            return batches.isEmpty ? nil : batches.removeFirst()
        }
        if let next { return next }
        if let ending { throw ending }
        var entry = stop.pollEntry
        _ = poll(&entry, 1, stop.pollTimeout)
        return []
    }
}
