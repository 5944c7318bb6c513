/// The machine id of /etc/machine-id (machine-id(5)): 128 bits written as 32 lower-case hex digits and a
/// newline. Parsed, never sent anywhere: the unit id is derived from it (`UnitID`).
package struct MachineID: Sendable, Hashable {
    package let bytes: [UInt8]

    /// The id in `text`, or nil: not 32 hex digits, all zeros, or systemd's "uninitialized" (a first
    /// boot that has not committed its id yet, machine-id(5)).
    package init?(text: String) {
        var t = Substring(text)
        while let c = t.last, c == "\n" || c == " " || c == "\t" || c == "\r\n" { t = t.dropLast() }
        guard t.utf8.count == 32, let bytes = Hex.decode(String(t)), bytes.contains(where: { $0 != 0 }) else { return nil }
        self.bytes = bytes
    }

    package init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }
}
