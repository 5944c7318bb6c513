import Sensors

/// The reader of `[compass]`: the source and its mounting.
extension ConfigurationLoader {
    func readCompass(_ t: TableReader?, simulated: Bool, root: TableReader) -> (CompassSource, CompassMounting) {
        let source = t?.choice("source", CompassSource.names) ?? (simulated ? "sim" : "none")
        let address = t?.int("address", in: 0x03...0x77)
        if address != nil && !CompassSource.chips.contains(source) {
            t?.report("address", "only applies to a named chip (\(CompassSource.chips.joined(separator: ", "))), not to source = \"\(source)\"")
        }
        var mounting = CompassMounting()
        if let axes = axisMapping(t, "axes") { mounting.axes = axes }
        if let accelerometer = t?.choice("accelerometer", AccelerometerSource.names) {
            let accelerometerAddress = t?.int("accelerometer_address", in: 0x03...0x77)
            switch accelerometer {
            case "none": mounting.accelerometer = .none
            case "auto": mounting.accelerometer = .auto
            default:
                if let chip = AccelerometerChip(rawValue: accelerometer) {
                    mounting.accelerometer = .chip(chip, address: accelerometerAddress)
                }
            }
            if accelerometerAddress != nil, accelerometer == "none" || accelerometer == "auto" {
                t?.report("accelerometer_address", "only applies to a named accelerometer (\(AccelerometerChip.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            if accelerometer != "none", source == "bno055" {
                t?.report("accelerometer", "the BNO055 fuses its own accelerometer; remove this key")
            }
        } else if t?.has("accelerometer_address") == true {
            _ = t?.int("accelerometer_address", in: 0x03...0x77)
            t?.report("accelerometer_address", "needs accelerometer = \"lsm303agr\" or \"adxl345\"")
        }
        if let axes = axisMapping(t, "accelerometer_axes") { mounting.accelerometerAxes = axes }
        t?.rejectUnknownKeys()
        if source == "sim" && !simulated { t?.report("source", "\"sim\" needs board = \"sim\"") }
        switch source {
        case "sim": return (.simulated, mounting)
        case "auto": return (.auto, mounting)
        case "none": return (.none, mounting)
        default: return (.chip(name: source, address: address), mounting)
        }
    }

    /// A `"+x +y +z"`-style mounting key, reported with what is wrong.
    func axisMapping(_ t: TableReader?, _ key: String) -> AxisMapping? {
        guard let t, let text = t.string(key) else { return nil }
        var why = ""
        guard let mapping = AxisMapping(parsing: text, why: &why) else {
            t.report(key, "\"\(text)\" \(why)")
            return nil
        }
        return mapping
    }
}
