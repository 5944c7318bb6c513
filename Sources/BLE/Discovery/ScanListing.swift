#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
/// What `wayfinder scan` prints: a table for people, or a JSON array for scripts.
///
/// Pure formatting, so the output format is tested here rather than by running the binary.
package struct ScanListing: Sendable {
    package var devices: [DiscoveredDevice]
    package var classifier: DeviceClassifier

    package init(devices: [DiscoveredDevice], classifier: DeviceClassifier = .standard) {
        self.devices = devices
        self.classifier = classifier
    }

    /// Columns ADDRESS, TYPE, RSSI, NAME, KIND, SERVICES; one row per device in the given order.
    package func table() -> String {
        let header = ["ADDRESS", "TYPE", "RSSI", "NAME", "KIND", "SERVICES"]
        let rows = devices.map { device -> [String] in
            [device.address.description,
             device.addressType.description,
             device.rssi.map { "\($0)" } ?? "?",
             device.name.map(Self.printable) ?? "-",
             classifier.kind(of: device).description,
             device.serviceUUIDs.isEmpty ? "-" : device.serviceUUIDs.map(\.description).joined(separator: ",")]
        }
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, text in
                let padding = String(repeating: " ", count: widths[column] - text.count)
                if column == 2 { return padding + text }  // RSSI right-aligned
                return column == row.count - 1 ? text : text + padding
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// A JSON array, one device object per line, keys sorted:
    /// `{"address","addressType","connectable","kind","lastSeen","manufacturerData","name","rssi","services","txPower"}`.
    /// `rssi`, `name` and `txPower` are null when unknown; `kind` is belt, touch_case, pencil or
    /// unknown; `manufacturerData` holds each structure's bytes after the AD type as hex (the
    /// company identifier is the first two bytes, little-endian); `lastSeen` is seconds since the
    /// scan started, to the millisecond.
    package func json() -> String {
        guard !devices.isEmpty else { return "[]" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let objects = devices.map { device -> String in
            let entry = Entry(address: device.address.description, addressType: device.addressType.description,
                              connectable: device.isConnectable, kind: classifier.kind(of: device).rawValue,
                              lastSeen: Self.seconds(device.lastSeen),
                              manufacturerData: device.manufacturerData.map { Self.hex($0.bytes) },
                              name: device.name, rssi: device.rssi, services: device.serviceUUIDs.map(\.description),
                              txPower: device.txPowerLevel)
            // An entry holds only strings, whole numbers and finite seconds: encoding cannot fail.
            return (try? encoder.encode(entry)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        }
        return "[\n" + objects.map { "  " + $0 }.joined(separator: ",\n") + "\n]"
    }

    /// One device as `json()` lists it; unknown values are written as null.
    private struct Entry: Encodable {
        var address: String
        var addressType: String
        var connectable: Bool
        var kind: String
        var lastSeen: Double
        var manufacturerData: [String]
        var name: String?
        var rssi: Int8?
        var services: [String]
        var txPower: Int8?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(address, forKey: .address)
            try c.encode(addressType, forKey: .addressType)
            try c.encode(connectable, forKey: .connectable)
            try c.encode(kind, forKey: .kind)
            try c.encode(lastSeen, forKey: .lastSeen)
            try c.encode(manufacturerData, forKey: .manufacturerData)
            try c.encode(name, forKey: .name)
            try c.encode(rssi, forKey: .rssi)
            try c.encode(services, forKey: .services)
            try c.encode(txPower, forKey: .txPower)
        }

        private enum CodingKeys: String, CodingKey {
            case address, addressType, connectable, kind, lastSeen, manufacturerData, name, rssi, services, txPower
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { $0.hexDigits.lowercased() }.joined()
    }

    /// Seconds, to the millisecond.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000).partialValue + attoseconds / 1_000_000_000_000_000
        return Double(milliseconds) / 1000
    }

    /// A name as a table cell: control characters shown as "?", so a hostile name cannot move the cursor.
    static func printable(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }
}
