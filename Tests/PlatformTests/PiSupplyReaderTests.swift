import Foundation
import Platform
import XCTest

/// The supply reader against sysfs trees in a temporary directory, laid out as the kernels lay
/// them out: the `rpi_volt` hwmon device among others, an older Raspberry Pi kernel's
/// `get_throttled` on the firmware driver's bound device, both, neither, and files that say the
/// wrong thing or cannot be read.
final class PiSupplyReaderTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "wayfinder-sysfs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    func write(_ path: String, _ text: String) throws {
        let full = "\(root)/\(path)"
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: false, encoding: .utf8)
    }

    /// The firmware's device, where a Pi 4 has it, and the driver's link to it, as sysfs has both.
    func firmwareDevice(_ value: String) throws {
        try write("sys/devices/platform/soc/soc:firmware/get_throttled", value)
        try FileManager.default.createDirectory(atPath: "\(root)/sys/bus/platform/drivers/raspberrypi-firmware",
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(root)/sys/bus/platform/drivers/raspberrypi-firmware/soc:firmware",
                                                   withDestinationPath: "\(root)/sys/devices/platform/soc/soc:firmware")
        try write("sys/bus/platform/drivers/raspberrypi-firmware/uevent", "DRIVER=raspberrypi-firmware\n")
    }

    /// hwmon devices: a CPU sensor first, `rpi_volt` second, as numbering puts them in no order.
    func hwmonDevices(alarm: String) throws {
        try write("sys/class/hwmon/hwmon0/name", "cpu_thermal\n")
        try write("sys/class/hwmon/hwmon0/temp1_input", "48000\n")
        try write("sys/class/hwmon/hwmon1/name", "rpi_volt\n")
        try write("sys/class/hwmon/hwmon1/in0_lcrit_alarm", alarm)
    }

    func testTheFirmwaresGetThrottledIsFoundThroughItsDriverAndRead() throws {
        try firmwareDevice("50005\n")
        XCTAssertEqual(PiSupplyReader(root: root).read(),
                       .supply(PiSupply(source: .firmware, flags: [.underVoltage, .throttled, .underVoltageOccurred, .throttlingOccurred])))
    }

    func testRpiVoltIsFoundByItsNameAmongTheHwmonDevices() throws {
        try hwmonDevices(alarm: "1\n")
        XCTAssertEqual(PiSupplyReader(root: root).read(), .supply(PiSupply(source: .hwmon, flags: .underVoltage)))
        try write("sys/class/hwmon/hwmon1/in0_lcrit_alarm", "0\n")
        XCTAssertEqual(PiSupplyReader(root: root + "/").read(), .supply(PiSupply(source: .hwmon, flags: [])))
    }

    /// Raspberry Pi's own kernel has both, and its `get_throttled` is deprecated there (a kernel
    /// warning at the first read after boot): `rpi_volt` is read and `get_throttled` is not even
    /// opened (here it could not be: a directory stands where the attribute would be).
    func testWithBothRpiVoltIsReadAndGetThrottledLeftAlone() throws {
        try hwmonDevices(alarm: "1\n")
        try FileManager.default.createDirectory(atPath: "\(root)/sys/devices/platform/soc/soc:firmware/get_throttled",
                                                withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(root)/sys/bus/platform/drivers/raspberrypi-firmware",
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: "\(root)/sys/bus/platform/drivers/raspberrypi-firmware/soc:firmware",
                                                   withDestinationPath: "\(root)/sys/devices/platform/soc/soc:firmware")
        XCTAssertEqual(PiSupplyReader(root: root).read(), .supply(PiSupply(source: .hwmon, flags: .underVoltage)))
        try FileManager.default.removeItem(atPath: "\(root)/sys/class/hwmon")
        XCTAssertEqual(PiSupplyReader(root: root).read(),
                       .failed(path: "\(root)/sys/bus/platform/drivers/raspberrypi-firmware/soc:firmware/get_throttled",
                               problem: "cannot be read: Is a directory"), "without rpi_volt, get_throttled is the source")
    }

    /// Not a Pi (or a kernel with neither driver): nothing, and no complaint. A hwmon device of
    /// another name, or a firmware driver without the attribute, is not a source.
    func testABoardWithNeitherReadsAbsent() throws {
        XCTAssertEqual(PiSupplyReader(root: root).read(), .absent)
        try write("sys/class/hwmon/hwmon0/name", "cpu_thermal\n")
        try write("sys/class/hwmon/hwmon0/in0_lcrit_alarm", "1\n")
        try write("sys/bus/platform/drivers/raspberrypi-firmware/uevent", "DRIVER=raspberrypi-firmware\n")
        try FileManager.default.createDirectory(atPath: "\(root)/sys/bus/platform/drivers/raspberrypi-firmware/soc:firmware",
                                                withIntermediateDirectories: true)
        XCTAssertEqual(PiSupplyReader(root: root).read(), .absent)
    }

    /// What the kernel would never print is named with the file and what was expected.
    func testGarbageIsAFailureNamingTheFileAndWhatItSaid() throws {
        try firmwareDevice("throttled=0x50005\n")
        let path = "\(root)/sys/bus/platform/drivers/raspberrypi-firmware/soc:firmware/get_throttled"
        XCTAssertEqual(PiSupplyReader(root: root).read(),
                       .failed(path: path, problem: "says \"throttled=0x50005\\n\", expected hex digits (the firmware's get_throttled value)"))
        try FileManager.default.removeItem(atPath: "\(root)/sys/devices/platform/soc/soc:firmware/get_throttled")
        try Data([0xFF, 0x00, 0x31]).write(to: URL(fileURLWithPath: "\(root)/sys/devices/platform/soc/soc:firmware/get_throttled"))
        XCTAssertEqual(PiSupplyReader(root: root).read(),
                       .failed(path: path, problem: "says \"\\xFF\\x001\", expected hex digits (the firmware's get_throttled value)"))
        try FileManager.default.removeItem(atPath: "\(root)/sys")
        try hwmonDevices(alarm: "2\n")
        XCTAssertEqual(PiSupplyReader(root: root).read(),
                       .failed(path: "\(root)/sys/class/hwmon/hwmon1/in0_lcrit_alarm", problem: "says \"2\\n\", expected 0 or 1"))
    }

    /// A file that exists and cannot be read (here a directory where the attribute should be, which
    /// read(2) refuses even to root) is a failure with the system's reason.
    func testAnUnreadableFileIsAFailureWithTheSystemsReason() throws {
        try FileManager.default.createDirectory(atPath: "\(root)/sys/class/hwmon/hwmon3/in0_lcrit_alarm", withIntermediateDirectories: true)
        try write("sys/class/hwmon/hwmon3/name", "rpi_volt\n")
        XCTAssertEqual(PiSupplyReader(root: root).read(),
                       .failed(path: "\(root)/sys/class/hwmon/hwmon3/in0_lcrit_alarm", problem: "cannot be read: Is a directory"))
    }
}
