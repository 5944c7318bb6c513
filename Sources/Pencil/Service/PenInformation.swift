/// `FTPenInformation` (FiftyThree SDK, `FTPenManager.h`): what a settings or status screen shows about the pen.
/// Kept across disconnects, as the SDK keeps it.
package struct PenInformation: Sendable, Hashable {
    package var name: String
    package var manufacturerName: String?
    package var batteryLevel: PenBatteryLevel = .unknown
    /// The charge the pen reported, percent, of which `batteryLevel` is the SDK's band; nil while
    /// unknown, or when the pen reported more than 100.
    package var batteryPercent: Int?
    /// The decimal number of the running firmware (not the raw DIS string); nil when unknown.
    package var firmwareRevision: String?
    /// The Device Information service's Hardware Revision string, as the pen reports it.
    package var hardwareRevision: String?
    /// Whether a newer firmware than the running one is known (`PenFirmwareCatalog`); nil while the
    /// running version is unknown. The SDK's `firmwareUpdateIsAvailable`.
    package var firmwareUpdateAvailable: Bool?
    package var isTipPressed = false
    package var isEraserPressed = false

    package init(name: String, manufacturerName: String? = nil, batteryLevel: PenBatteryLevel = .unknown,
                firmwareRevision: String? = nil, isTipPressed: Bool = false, isEraserPressed: Bool = false) {
        self.name = name
        self.manufacturerName = manufacturerName
        self.batteryLevel = batteryLevel
        self.firmwareRevision = firmwareRevision
        self.isTipPressed = isTipPressed
        self.isEraserPressed = isEraserPressed
    }
}
