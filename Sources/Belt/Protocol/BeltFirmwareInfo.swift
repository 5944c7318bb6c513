/// FE01, read once per connection.
///
/// Decision: the version is the uint16 LE of bytes 0–1, as pybelt
/// and FSLib-Android read it. FSLib-iOS reads byte 0 alone; the two agree whenever byte 1 is 0, which
/// is what the belt (and our simulator) sends. The variant is byte 2, as FSLib-iOS reads it.
package struct BeltFirmwareInfo: Sendable, Hashable, CustomStringConvertible {
    package var version: UInt16
    /// nil when the value has only two bytes.
    package var variant: UInt8?

    package init(version: UInt16, variant: UInt8? = nil) {
        self.version = version
        self.variant = variant
    }

    /// FSLib-iOS applies its front-range patch to version 4, variant 4 (`checkForFirmwarePatch`).
    package var needsFrontRangePatch: Bool { version == 4 && variant == 4 }
    /// Feature gates: FSLib-Android `BeltCommunicationInterface.java` (41), `BeltCommandInterface.java` (45),
    /// pybelt `belt_controller.py` (52).
    package var supportsPersistentParameters: Bool { version >= 41 }
    package var supportsPulseAndBuzzer: Bool { version >= 45 }
    package var supportsOrientationNotificationPeriod: Bool { version >= 52 }

    /// As `wayfinder status` shows it: `52`, or `52 variant 1` when the belt gave a variant.
    package var revision: String { variant.map { "\(version) variant \($0)" } ?? "\(version)" }

    package var description: String { "firmware \(revision)" }
}
