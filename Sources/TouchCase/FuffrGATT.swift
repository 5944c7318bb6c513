import BLE

/// The Fuffr case's GATT attributes that matter to a central (FuffrLib, `FFRCaseHandler.m`): the sensor
/// service FFF0, its "proximity enabler" FFF1 (write with response) and the five touch
/// characteristics FFF2–FFF6 (notify). All are 16-bit SIG-style UUIDs.
package enum FuffrGATT {
    package static let sensorService = BLEUUID(0xFFF0)
    /// The 2-byte enable command (`TouchEnableCommand`).
    package static let enabler = BLEUUID(0xFFF1)
    /// Touch records arrive on any of these; the side comes from the id, not from which one (`FFRCaseHandler.m`).
    package static let touchCharacteristics: [BLEUUID] = (0xFFF2...0xFFF6).map { BLEUUID(UInt16($0)) }
    /// Declared by FuffrLib but never read (`FFRTouchManager.h`: a TODO); the simulator offers it for completeness.
    package static let batteryService = BLEUUID(0x180F)
    package static let batteryLevel = BLEUUID(0x2A19)
}
