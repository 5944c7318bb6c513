import Foundation
/// What `wayfinder scan` prints: a table for people, or a JSON array for scripts.
///
/// Pure formatting, so the output format is tested here rather than by running the binary.
public struct ScanListing: Sendable {
    public var devices: [DiscoveredDevice]
    public var classifier: DeviceClassifier

    public init(devices: [DiscoveredDevice], classifier: DeviceClassifier = .standard) {
        self.devices = devices
        self.classifier = classifier
    }

    /// Columns ADDRESS, TYPE, RSSI, NAME, KIND, SERVICES; one row per device in the given order.
    public func table() -> String {
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

    /// A JSON array, one device object per line:
    /// `{"address","addressType","rssi","name","kind","services","manufacturerData","txPower","connectable","lastSeen"}`.
    /// `rssi`, `name` and `txPower` are null when unknown; `kind` is belt, touch_case, pencil or
    /// unknown; `manufacturerData` holds each structure's bytes after the AD type as hex (the
    /// company identifier is the first two bytes, little-endian); `lastSeen` is seconds since the
    /// scan started.
    public func json() -> String {
        guard !devices.isEmpty else { return "[]" }
        let objects = devices.map { device -> String in
            let fields: [(String, String)] = [
                ("address", Self.string(device.address.description)),
                ("addressType", Self.string(device.addressType.description)),
                ("rssi", device.rssi.map { "\($0)" } ?? "null"),
                ("name", device.name.map(Self.string) ?? "null"),
                ("kind", Self.string(classifier.kind(of: device).rawValue)),
                ("services", "[" + device.serviceUUIDs.map { Self.string($0.description) }.joined(separator: ",") + "]"),
                ("manufacturerData", "[" + device.manufacturerData.map { Self.string(Self.hex($0.bytes)) }.joined(separator: ",") + "]"),
                ("txPower", device.txPowerLevel.map { "\($0)" } ?? "null"),
                ("connectable", device.isConnectable ? "true" : "false"),
                ("lastSeen", Self.seconds(device.lastSeen)),
            ]
            return "{" + fields.map { "\(Self.string($0.0)):\($0.1)" }.joined(separator: ",") + "}"
        }
        return "[\n" + objects.map { "  " + $0 }.joined(separator: ",\n") + "\n]"
    }

    /// A JSON string literal (RFC 8259 §7): quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        // Foundation's encoder escapes as RFC 8259 §7 requires; slashes are left as they are.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { $0.hexDigits.lowercased() }.joined()
    }

    /// Seconds with millisecond precision.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// A name as a table cell: control characters shown as "?", so a hostile name cannot move the cursor.
    static func printable(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }
}
