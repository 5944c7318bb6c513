import Vocabulary

/// The reply to Read Controller Information: what an adapter is and what state it is in.
///
/// Layout from mgmt-api.txt, "Read Controller Information Command": Address (6),
/// Bluetooth_Version (1), Manufacturer (2), Supported_Settings (4), Current_Settings (4),
/// Class_Of_Device (3), Name (249), Short_Name (11): 280 bytes.
package struct ControllerInformation: Sendable, Hashable {
    static let length = 280

    package var address: BluetoothAddress
    package var bluetoothVersion: UInt8
    package var manufacturer: UInt16
    package var supportedSettings: ControllerSettings
    package var currentSettings: ControllerSettings
    package var classOfDevice: [UInt8]
    package var name: String
    package var shortName: String

    package init(address: BluetoothAddress, bluetoothVersion: UInt8 = 9, manufacturer: UInt16 = 0,
                supportedSettings: ControllerSettings, currentSettings: ControllerSettings,
                classOfDevice: [UInt8] = [0, 0, 0], name: String = "", shortName: String = "") {
        self.address = address
        self.bluetoothVersion = bluetoothVersion
        self.manufacturer = manufacturer
        self.supportedSettings = supportedSettings
        self.currentSettings = currentSettings
        self.classOfDevice = classOfDevice
        self.name = name
        self.shortName = shortName
    }

    package var isPowered: Bool { currentSettings.contains(.powered) }
    package var supportsLowEnergy: Bool { supportedSettings.contains(.lowEnergy) }
    package var isLowEnergyEnabled: Bool { currentSettings.contains(.lowEnergy) }

    package init(returnParameters: [UInt8]) throws(ManagementDecodingError) {
        var reader = ManagementByteReader(returnParameters, what: "Read Controller Information reply")
        try reader.require(Self.length)
        address = BluetoothAddress(littleEndianBytes: try reader.bytes(6))
        bluetoothVersion = try reader.u8()
        manufacturer = try reader.u16()
        supportedSettings = ControllerSettings(rawValue: try reader.u32())
        currentSettings = ControllerSettings(rawValue: try reader.u32())
        classOfDevice = try reader.bytes(3)
        name = Self.string(try reader.bytes(ManagementCommand.nameFieldLength))
        shortName = Self.string(try reader.bytes(ManagementCommand.shortNameFieldLength))
    }

    /// The return parameters (what a simulated kernel sends in tests). Names are cut to fit.
    package var returnParameters: [UInt8] {
        var bytes = address.littleEndianBytes
        bytes.append(bluetoothVersion)
        bytes.appendLittleEndian(manufacturer)
        bytes.appendLittleEndian(supportedSettings.rawValue)
        bytes.appendLittleEndian(currentSettings.rawValue)
        bytes += (classOfDevice + [0, 0, 0]).prefix(3)
        bytes += Self.field(name, length: ManagementCommand.nameFieldLength)
        bytes += Self.field(shortName, length: ManagementCommand.shortNameFieldLength)
        return bytes
    }

    private static func string(_ field: [UInt8]) -> String {
        String(decoding: field.prefix(while: { $0 != 0 }), as: UTF8.self)
    }

    private static func field(_ text: String, length: Int) -> [UInt8] {
        let utf8 = Array(text.utf8.prefix(length - 1))
        return utf8 + [UInt8](repeating: 0, count: length - utf8.count)
    }
}
