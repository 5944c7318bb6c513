/// A DIS revision string as the pen reports its two firmware images (FiftyThree SDK,
/// `FTFirmwareManager.mm`): the first run of digits is the version; a `*` right after it marks the image
/// that is running. "55*" → version 55, running.
package struct PenFirmwareVersion: Sendable, Hashable {
    package var version: Int
    package var isRunning: Bool

    package init(version: Int, isRunning: Bool) {
        self.version = version
        self.isRunning = isRunning
    }

    /// nil when the string holds no digits.
    package init?(parsing text: String) {
        let scalars = Array(text.unicodeScalars)
        guard let start = scalars.firstIndex(where: { ("0"..."9").contains($0) }) else { return nil }
        var end = start
        var value = 0
        while end < scalars.count, ("0"..."9").contains(scalars[end]) {
            // Saturate rather than overflow on a garbage string of digits.
            value = min(value * 10 + Int(scalars[end].value - 48), 1_000_000_000)
            end += 1
        }
        self.version = value
        self.isRunning = end < scalars.count && scalars[end] == "*"
    }

    /// The running version from the factory (Firmware Revision) and upgrade (Software Revision) images:
    /// the starred one, nil when neither is starred or known (the SDK's −1).
    package static func running(factory: String?, upgrade: String?) -> Int? {
        for text in [factory, upgrade] {
            if let text, let v = PenFirmwareVersion(parsing: text), v.isRunning { return v.version }
        }
        return nil
    }
}
