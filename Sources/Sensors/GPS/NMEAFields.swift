/// The comma-separated fields of one NMEA sentence, read in place from the received bytes.
///
/// Why a borrowed view: parsing is on the hot path (issue 5 wants ≥ 50× pynmea2), so fields are
/// never copied into Strings; numbers are built from their digits. An empty field means "unknown"
/// (platform.md §4.2) and reads as nil, as does a trailing field an older NMEA version does not
/// send (RMC's posMode arrived in 2.3, navStatus in 4.1). Anything else unreadable throws.
public struct NMEAFields {
    /// The bytes between `$` and `*`: address field first.
    let body: UnsafeBufferPointer<UInt8>
    /// `ends[i]` is the index in `body` just past field i (its comma, or `body.count`).
    let ends: UnsafeBufferPointer<Int>

    public var count: Int { ends.count }

    func bounds(_ index: Int) -> Range<Int>? {
        guard index < ends.count else { return nil }
        let start = index == 0 ? 0 : ends[index - 1] + 1
        return start..<ends[index]
    }

    public func isEmpty(_ index: Int) -> Bool { bounds(index)?.isEmpty ?? true }

    /// Throws unless the sentence has at least `minimum` fields after the address field.
    public func require(_ minimum: Int) throws(NMEAFieldError) {
        guard ends.count - 1 >= minimum else {
            throw NMEAFieldError(field: ends.count - 1, reason: "\(ends.count - 1) fields, expected at least \(minimum)")
        }
    }

    /// The field's single character, nil if empty.
    public func character(_ index: Int) throws(NMEAFieldError) -> UInt8? {
        guard let range = bounds(index), !range.isEmpty else { return nil }
        guard range.count == 1 else { throw NMEAFieldError(field: index, reason: "expected one character") }
        return body[range.lowerBound]
    }

    /// The field's characters, for fields such as GNS posMode that are one letter per constellation.
    public func characters(_ index: Int) -> [UInt8] {
        guard let range = bounds(index) else { return [] }
        return Array(body[range])
    }

    public func int(_ index: Int) throws(NMEAFieldError) -> Int? {
        guard let number = try decimal(index) else { return nil }
        guard number.scale == 0 else { throw NMEAFieldError(field: index, reason: "expected an integer") }
        return number.mantissa
    }

    public func double(_ index: Int) throws(NMEAFieldError) -> Double? {
        guard let number = try decimal(index) else { return nil }
        return number.value
    }

    /// `hhmmss[.s…]` as milliseconds since midnight UTC, rounded to the millisecond.
    public func timeOfDay(_ index: Int) throws(NMEAFieldError) -> Int? {
        guard let number = try decimal(index) else { return nil }
        guard number.integerDigits == 6, number.mantissa >= 0 else {
            throw NMEAFieldError(field: index, reason: "time is not hhmmss.ss")
        }
        let unit = Self.powerOfTen(number.scale)
        let whole = number.mantissa / unit
        let fraction = number.mantissa % unit
        let hours = whole / 10_000, minutes = whole / 100 % 100, seconds = whole % 100
        // Seconds may read 60 during a leap second.
        guard hours < 24, minutes < 60, seconds <= 60 else {
            throw NMEAFieldError(field: index, reason: "time out of range")
        }
        let millis = (fraction * 1000 * 2 + unit) / (2 * unit)
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis
    }

    /// `ddmmyy` (RMC). Two-digit years below 80 are 20yy, others 19yy (our pivot: NMEA sends no
    /// century, and receivers older than 1980 did not exist).
    public func date(_ index: Int) throws(NMEAFieldError) -> GPSDate? {
        guard let number = try decimal(index) else { return nil }
        guard number.integerDigits == 6, number.scale == 0, number.mantissa >= 0 else {
            throw NMEAFieldError(field: index, reason: "date is not ddmmyy")
        }
        let yy = number.mantissa % 100
        guard let date = GPSDate(year: yy < 80 ? 2000 + yy : 1900 + yy, month: number.mantissa / 100 % 100,
                                 day: number.mantissa / 10_000) else {
            throw NMEAFieldError(field: index, reason: "no such date")
        }
        return date
    }

    /// Latitude `ddmm.mmmm` at `index` with `N`/`S` at `index + 1`, in degrees (north positive).
    public func latitude(_ index: Int) throws(NMEAFieldError) -> Double? {
        try angle(index, degreeDigits: 2, limit: 90, positive: 0x4E, negative: 0x53)
    }

    /// Longitude `dddmm.mmmm` at `index` with `E`/`W` at `index + 1`, in degrees (east positive).
    public func longitude(_ index: Int) throws(NMEAFieldError) -> Double? {
        try angle(index, degreeDigits: 3, limit: 180, positive: 0x45, negative: 0x57)
    }

    private func angle(_ index: Int, degreeDigits: Int, limit: Double, positive: UInt8, negative: UInt8)
        throws(NMEAFieldError) -> Double? {
        guard let number = try decimal(index) else {
            guard isEmpty(index + 1) else { throw NMEAFieldError(field: index, reason: "hemisphere without a value") }
            return nil
        }
        guard number.mantissa >= 0, number.integerDigits >= 3 else {
            throw NMEAFieldError(field: index, reason: "expected degrees and minutes")
        }
        // Degrees and minutes split in integers, so 4717.11399 is exactly 47° 17.11399'.
        let unit = Self.powerOfTen(number.scale)
        let degrees = number.mantissa / (100 * unit)
        let minutes = Double(number.mantissa - degrees * 100 * unit) / Double(unit)
        guard minutes < 60 else { throw NMEAFieldError(field: index, reason: "minutes ≥ 60") }
        let value = Double(degrees) + minutes / 60
        guard value <= limit else { throw NMEAFieldError(field: index, reason: "beyond \(limit)°") }
        switch try character(index + 1) {
        case positive: return value
        case negative: return -value
        default: throw NMEAFieldError(field: index + 1, reason: "bad hemisphere")
        }
    }

    /// A decimal number as digits: value = mantissa / 10^scale.
    struct Decimal {
        var mantissa: Int
        var scale: Int
        var integerDigits: Int
        var value: Double {
            // Both operands are exact doubles (mantissa < 2^53, 10^scale ≤ 10^15), so the quotient
            // is correctly rounded: the same double strtod would give.
            Double(mantissa) / Double(NMEAFields.powerOfTen(scale))
        }
    }


    /// 10^power for power in 0...15 (`decimal` allows at most 15 digits), without the lazy global.
    @inline(__always)
    static func powerOfTen(_ power: Int) -> Int {
        var value = 1
        for _ in 0..<power { value &*= 10 }
        return value
    }

    func decimal(_ index: Int) throws(NMEAFieldError) -> Decimal? {
        guard let range = bounds(index), !range.isEmpty else { return nil }
        var position = range.lowerBound
        var negative = false
        if body[position] == 0x2D || body[position] == 0x2B { // - +
            negative = body[position] == 0x2D
            position += 1
        }
        var mantissa = 0, scale = 0, integerDigits = 0, digits = 0
        var seenPoint = false
        while position < range.upperBound {
            let byte = body[position]
            if byte == 0x2E, !seenPoint { // .
                seenPoint = true
            } else if byte &- 0x30 < 10 {
                digits += 1
                guard digits <= 15 else { throw NMEAFieldError(field: index, reason: "too many digits") }
                mantissa = mantissa * 10 + Int(byte &- 0x30)
                if seenPoint { scale += 1 } else { integerDigits += 1 }
            } else {
                throw NMEAFieldError(field: index, reason: "not a number")
            }
            position += 1
        }
        guard digits > 0 else { throw NMEAFieldError(field: index, reason: "not a number") }
        return Decimal(mantissa: negative ? -mantissa : mantissa, scale: scale, integerDigits: integerDigits)
    }
}
