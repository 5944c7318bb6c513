/// Bounds-checked little-endian reads over one packet; every failure becomes a `BeltProtocolError`
/// naming the packet, so no decoder indexes past the end.
struct WireReader {
    let characteristic: BeltCharacteristic
    let bytes: [UInt8]
    let kind: BeltWrite.Kind

    init(_ characteristic: BeltCharacteristic, _ bytes: [UInt8], kind: BeltWrite.Kind = .value) {
        self.characteristic = characteristic
        self.bytes = bytes
        self.kind = kind
    }

    var count: Int { bytes.count }

    func fail(_ reason: BeltProtocolError.Reason) -> BeltProtocolError {
        BeltProtocolError(characteristic: characteristic, bytes: bytes, kind: kind, reason: reason)
    }

    /// At least `n` bytes (notifications: extra bytes are ignored).
    func need(_ n: Int) throws(BeltProtocolError) {
        if bytes.count < n { throw fail(.truncated(expected: n, got: bytes.count)) }
    }

    /// Exactly `n` bytes (commands: fixed layouts).
    func exactly(_ n: Int) throws(BeltProtocolError) {
        try need(n)
        if bytes.count > n { throw fail(.trailingBytes(expected: n, got: bytes.count)) }
    }

    /// Call only after `need`/`exactly` covered the index.
    subscript(_ i: Int) -> UInt8 { bytes[i] }

    func u16(_ i: Int) -> UInt16 { UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 }
    func i16(_ i: Int) -> Int16 { Int16(bitPattern: u16(i)) }
    func u32(_ i: Int) -> UInt32 { UInt32(u16(i)) | UInt32(u16(i + 2)) << 16 }

    /// A 0/1 flag; anything else is an unknown value.
    func flag(_ i: Int, _ field: String) throws(BeltProtocolError) -> Bool {
        switch bytes[i] {
        case 0: return false
        case 1: return true
        default: throw fail(.unknownValue(field: field, value: Int(bytes[i])))
        }
    }

    func zero(_ i: Int, _ field: String) throws(BeltProtocolError) {
        if bytes[i] != 0 { throw fail(.unknownValue(field: field, value: Int(bytes[i]))) }
    }

    /// A belt mode as the belt sends it: 0–6. 0xFF ("unknown") is library-side only.
    func mode(_ i: Int, _ field: String = "mode") throws(BeltProtocolError) -> BeltMode {
        guard let m = BeltMode(rawValue: bytes[i]), m != .unknown else {
            throw fail(.unknownValue(field: field, value: Int(bytes[i])))
        }
        return m
    }

    func percent(_ i: Int, _ field: String) throws(BeltProtocolError) -> Int {
        guard bytes[i] <= 100 else { throw fail(.unknownValue(field: field, value: Int(bytes[i]))) }
        return Int(bytes[i])
    }

    func degrees(_ i: Int, _ field: String) throws(BeltProtocolError) -> Int {
        let d = u16(i)
        guard d < 360 else { throw fail(.unknownValue(field: field, value: Int(d))) }
        return Int(d)
    }
}
