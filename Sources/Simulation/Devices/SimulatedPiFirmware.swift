import Platform
import Synchronization

/// The simulated Pi's firmware, as far as its supply goes: the text a Raspberry Pi kernel without
/// `rpi_volt` would show in `get_throttled` (`"%x\n"`, raspberrypi/linux
/// drivers/firmware/raspberrypi.c), which the board sets from the script (`pi_undervoltage`) and the
/// supply watch reads through the real parser. The richer of the two sources, so the status shows
/// every field.
///
/// Fed to the watch directly rather than through a sysfs tree in a temporary directory: the
/// simulated board owns no files, and the reader's finding and reading of files is tested on its
/// own against such trees (`PiSupplyReaderTests`).
package final class SimulatedPiFirmware: Sendable {
    private let text = Mutex("0\n")

    package init() {}

    package func set(_ flags: ThrottledFlags) {
        text.withLock { $0 = String(flags.rawValue, radix: 16) + "\n" }
    }

    /// What the supply watch reads: the text as `PiSupplyReader` would parse it from the file.
    package func read() -> PiSupplyReader.Reading {
        let text = self.text.withLock { $0 }
        guard let supply = PiSupply.firmware(text: text) else {
            return .failed(path: "the simulated get_throttled", problem: "says \(text)")
        }
        return .supply(supply)
    }
}
