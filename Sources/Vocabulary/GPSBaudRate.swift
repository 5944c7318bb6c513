/// The baud rates a GPS receiver's serial port is set to: NMEA 0183's 4800 and the standard rates
/// above it that u-blox receivers offer (u-blox ANTARIS 4 System Integration Manual, "USART
/// configuration", and UBX-CFG-PRT's baudRate in later generations). The configuration checks
/// `[gps] baud` against them and the serial port sets only these.
package enum GPSBaudRate {
    package static let supported = [4800, 9600, 19200, 38400, 57600, 115200, 230400]

    /// The list as a person reads it: "4800, 9600, …, 115200 or 230400".
    package static var spelled: String {
        let names = supported.map(String.init)
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }
}
