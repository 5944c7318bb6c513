/// The Pencil firmware versions this package knows, and the FiftyThree SDK's "update available" rule
/// (`FTPenManager.mm`, `updateFirmwareUpdateIsAvailble`): an update is available when the latest
/// version is newer than the one running on the pen; unknown (nil) while the running version is not.
///
/// The SDK learnt the latest version by downloading the current image from FiftyThree's servers
/// (its version is the little-endian u16 at byte 4 of the image, shifted right by one). Those
/// servers are gone and a Pi has no business fetching firmware, so the list ships with the package:
/// the versions the SDK's sources name, 55 (`FTFirmwareManager.mm` and the pen's behaviour switches
/// on it) and 73 (the SDK's last firmware change). Installing firmware needed FiftyThree's Paper app
/// on an iPad (`invokePaperToUpdatePencilFirmware`); the Pi only says that an update exists.
package enum PenFirmwareCatalog {
    /// Every firmware version known to have shipped, oldest first.
    package static let knownVersions = [55, 73]

    package static var latest: Int { knownVersions.max() ?? 0 }

    /// true when `latest` is newer than `running`, false when it is not, nil when the running version
    /// is not known (neither image starred, or not read yet).
    package static func updateAvailable(running: Int?, latest: Int = latest) -> Bool? {
        guard let running else { return nil }
        return latest > running
    }
}
