import Sensors
import Vocabulary

/// The reader of `[gps]`.
extension ConfigurationLoader {
    func readGPS(_ t: TableReader?, simulated: Bool, root: TableReader) -> GPSSource {
        let source = t?.choice("source", GPSSource.names) ?? (simulated ? "sim" : "uart")
        let result: GPSSource
        switch source {
        case "sim": result = .simulated
        case "ublox-i2c": result = .ubloxI2C(address: t?.int("address", in: 0x03...0x77) ?? 0x42)
        case "uart":
            // Any whole number reads; one the port cannot be set to gets the list of those it can.
            let baud = t?.int("baud", in: Int.min...Int.max) ?? 9600
            if !GPSBaudRate.supported.contains(baud) {
                t?.report("baud", "\(baud) baud is not a rate the UART can be set to; use one of "
                          + GPSBaudRate.supported.map(String.init).joined(separator: ", "))
            }
            result = .uart(device: t?.string("device") ?? "/dev/serial0", baud: baud)
        case "gpsd": result = .gpsd(host: t?.string("host") ?? "127.0.0.1", port: t?.int("port", in: 1...65535) ?? 2947)
        default: result = .none
        }
        if source == "sim" && !simulated { (t ?? root).report(t == nil ? "gps" : "source", "\"sim\" needs board = \"sim\"") }
        if let t {
            // A key of another source is a mistake too: it would be silently ignored.
            let owners = ["address": "ublox-i2c", "device": "uart", "baud": "uart", "host": "gpsd", "port": "gpsd"]
            for (key, owner) in owners.sorted(by: { $0.key < $1.key }) where owner != source {
                t.declare(key)
                if t.has(key) { t.report(key, "only applies to source = \"\(owner)\" (source is \"\(source)\")") }
            }
            t.rejectUnknownKeys()
        }
        return result
    }
}
