/// The name a unit uploads under (`<prefix><unit_id>/walks/…`) when `[upload] unit_id` does not give
/// one: a pseudonym derived from the machine id the way systemd derives an application-specific id
/// (`sd_id128_get_machine_app_specific`, src/libsystemd/sd-id128/sd-id128.c): HMAC-SHA256 keyed by the
/// machine id over the application's own 128-bit id, its first 16 bytes made a version 4, variant 1
/// UUID (`id128_make_v4_uuid`). The same machine gives the same id every time, other applications get
/// unrelated ids from the same machine, and the machine id cannot be recovered from it.
/// `systemd-id128 machine-id --app-specific=b7e02c14d1204ba5b7efe24a3344c49b --uuid` prints the same id.
package enum UnitID {
    /// Wayfinder's application id: a random 128-bit value (`systemd-id128 new`), fixed for good:
    /// changing it changes every unit's id and so every key already uploaded.
    package static let applicationID: [UInt8] = [
        0xb7, 0xe0, 0x2c, 0x14, 0xd1, 0x20, 0x4b, 0xa5, 0xb7, 0xef, 0xe2, 0x4a, 0x33, 0x44, 0xc4, 0x9b,
    ]

    /// The application-specific id's 16 bytes.
    package static func appSpecific(_ machine: MachineID, applicationID: [UInt8] = applicationID,
                                    hashes: any SigningHashes) throws(HashFailure) -> [UInt8] {
        var id = Array(try hashes.hmacSHA256(key: machine.bytes, message: applicationID).prefix(16))
        guard id.count == 16 else { throw HashFailure("HMAC-SHA256 gave \(id.count) bytes, not 32") }
        id[6] = (id[6] & 0x0F) | 0x40
        id[8] = (id[8] & 0x3F) | 0x80
        return id
    }

    /// The unit id as written in keys: the UUID form, lower case (`8-4-4-4-12`).
    package static func derive(from machine: MachineID, hashes: any SigningHashes) throws(HashFailure) -> String {
        uuidText(try appSpecific(machine, hashes: hashes))
    }

    package static func uuidText(_ bytes: [UInt8]) -> String {
        let hex = Array(Hex.encode(bytes))
        var out = ""
        for (i, c) in hex.enumerated() {
            if [8, 12, 16, 20].contains(i) { out.append("-") }
            out.append(c)
        }
        return out
    }

    /// Whether `text` may be a unit id: 1 to 64 of `A-Z a-z 0-9 . _ -`, not starting with `.` or `-`;
    /// such a name is one key segment everywhere (no `/`, nothing to percent-encode, never `.` or `..`).
    package static func isKeySafe(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...64).contains(bytes.count), let first = bytes.first,
              first != UInt8(ascii: "."), first != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { b in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }
    }
}
