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
    @inline(__always)
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

    /// The field's characters as GNS posMode letters, stored inline; empty if the field is empty or
    /// missing. Throws when there are more than `NMEAPositionModes.capacity`.
    func positionModes(_ index: Int) throws(NMEAFieldError) -> NMEAPositionModes {
        guard let range = bounds(index) else { return NMEAPositionModes() }
        guard let modes = NMEAPositionModes(UnsafeBufferPointer(rebasing: body[range])) else {
            throw NMEAFieldError(field: index, reason: "more than \(NMEAPositionModes.capacity) mode letters")
        }
        return modes
    }

    @inline(__always) // a few instructions per digit; the call around them cost as much
    public func int(_ index: Int) throws(NMEAFieldError) -> Int? {
        guard index < ends.count, let base = body.baseAddress else { return nil }
        let start = index == 0 ? 0 : ends[index &- 1] &+ 1
        let end = ends[index]
        guard start < end else { return nil }
        // Most integer fields (satellite ids, elevations, counts) are plain digits: read them here.
        // Anything else (a sign, a point, garbage, too many digits) takes the general path, so the
        // result is the same either way.
        if end &- start <= 15 {
            var value = 0
            var position = start
            while position < end {
                let digit = base[position] &- 0x30
                guard digit < 10 else { break }
                value = value &* 10 &+ Int(digit)
                position &+= 1
            }
            if position == end { return value }
        }
        return try Self.generalInt(base, start, end, field: index)
    }

    /// `int`'s general path (signs, points, garbage), kept out of line so the fast path inlined at
    /// every call site stays small.
    @inline(never)
    static func generalInt(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, field: Int)
        throws(NMEAFieldError) -> Int? {
        guard let number = try decimal(base, start, end, field: field) else { return nil }
        guard number.scale == 0 else { throw NMEAFieldError(field: field, reason: "expected an integer") }
        return number.mantissa
    }

    /// Field `index`, which must exist, read for the inline satellite lists of GSV and GSA without an
    /// optional or an error: `emptyField` if empty, the value if it is 1–9 plain digits (so it fits
    /// 32 bits), `notPlain` otherwise, and the caller then reads it with `int`, which gives the same
    /// value or error as ever. Why: these are most fields of the stream (issue 5's 50× bar).
    @inline(__always)
    func plainNumber(_ index: Int) -> Int32 {
        let base = body.baseAddress.unsafelyUnwrapped
        let start = ends[index &- 1] &+ 1
        let end = ends[index]
        if start == end { return Self.emptyField }
        guard end &- start <= 9 else { return Self.notPlain }
        var value: Int32 = 0
        var position = start
        repeat {
            let digit = base[position] &- 0x30
            guard digit < 10 else { return Self.notPlain }
            value = value &* 10 &+ Int32(truncatingIfNeeded: digit)
            position &+= 1
        } while position < end
        return value
    }

    /// `plainNumber` of an empty field; also the satellite lists' mark for an absent number.
    static let emptyField = Int32.min
    /// `plainNumber` of a field that is not plain digits.
    static let notPlain: Int32 = -1

    @inline(__always)
    public func double(_ index: Int) throws(NMEAFieldError) -> Double? {
        guard index < ends.count, let base = body.baseAddress else { return nil }
        let start = index == 0 ? 0 : ends[index &- 1] &+ 1
        let end = ends[index]
        guard start < end else { return nil }
        // Unsigned `digits[.digits]` of at most 15 digits (DOPs, speeds, courses, altitudes) is read
        // here straight into a Double, with no Decimal in between. Anything else (a sign, a leading
        // point, garbage, more digits) takes `decimal`, which reads or rejects it as it always did;
        // the value is the same either way (mantissa and power of ten both exact, one division).
        if end &- start <= 16 {
            var mantissa = 0
            var position = start
            while position < end {
                let digit = base[position] &- 0x30
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ Int(digit)
                position &+= 1
            }
            if position == end {
                if end &- start <= 15 { return Double(mantissa) }
            } else if position > start, base[position] == 0x2E { // .
                position &+= 1
                let fractionStart = position
                while position < end {
                    let digit = base[position] &- 0x30
                    guard digit < 10 else { break }
                    mantissa = mantissa &* 10 &+ Int(digit)
                    position &+= 1
                }
                if position == end { return Double(mantissa) / Self.doublePowerOfTen(end &- fractionStart) }
            }
        }
        return try Self.generalDouble(base, start, end, field: index)
    }

    /// `double`'s general path, out of line like `generalInt`.
    @inline(never)
    static func generalDouble(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, field: Int)
        throws(NMEAFieldError) -> Double? {
        guard let number = try decimal(base, start, end, field: field) else { return nil }
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
        /// Whether a `-` was written, kept apart so "-0.0" reads as -0.0, as strtod reads it.
        var isNegative = false
        @inline(__always)
        var value: Double {
            // Both operands are exact doubles (mantissa < 2^53, 10^scale ≤ 10^15), so the quotient
            // is correctly rounded: the same double strtod would give.
            let magnitude = Double(mantissa.magnitude) / NMEAFields.doublePowerOfTen(scale)
            return isNegative ? -magnitude : magnitude
        }
    }

    /// 10^power for power in 0...15 (`decimal` allows at most 15 digits). A switch of literals
    /// compiles to a constant table: no loop, and no lazily initialised global on the hot path.
    @inline(__always)
    static func powerOfTen(_ power: Int) -> Int {
        switch power {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        default: 1_000_000_000_000_000
        }
    }

    @inline(__always)
    static func doublePowerOfTen(_ power: Int) -> Double {
        switch power {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        default: 1e15
        }
    }

    /// Field `index` as a decimal number, nil if empty. Accepted: an optional sign, digits, at most
    /// one `.`, at least one digit and at most 15 (so the mantissa and its double are exact).
    @inline(__always)
    func decimal(_ index: Int) throws(NMEAFieldError) -> Decimal? {
        guard index < ends.count, let base = body.baseAddress else { return nil }
        let start = index == 0 ? 0 : ends[index &- 1] &+ 1
        let end = ends[index]
        guard start < end else { return nil }
        // Unsigned `digits.digits` of at most 15 digits (times, angles): read here; anything else
        // takes the general reader, which reads or rejects it as before.
        if end &- start <= 16 {
            var mantissa = 0
            var position = start
            while position < end {
                let digit = base[position] &- 0x30
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ Int(digit)
                position &+= 1
            }
            let integerDigits = position &- start
            if position < end, integerDigits > 0, base[position] == 0x2E { // .
                position &+= 1
                let fractionStart = position
                while position < end {
                    let digit = base[position] &- 0x30
                    guard digit < 10 else { break }
                    mantissa = mantissa &* 10 &+ Int(digit)
                    position &+= 1
                }
                if position == end {
                    return Decimal(mantissa: mantissa, scale: end &- fractionStart, integerDigits: integerDigits)
                }
            }
        }
        return try Self.decimal(base, start, end, field: index)
    }

    /// Reads `base[start..<end]` (not empty) as a decimal: digits are accumulated with wrapping
    /// arithmetic and the count is checked once at the end, so the loop has one test per byte.
    static func decimal(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, field: Int)
        throws(NMEAFieldError) -> Decimal? {
        var position = start
        let first = base[position]
        let negative = first == 0x2D // -
        if negative || first == 0x2B { position &+= 1 } // +
        var mantissa = 0
        let integerStart = position
        while position < end {
            let digit = base[position] &- 0x30
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ Int(digit)
            position &+= 1
        }
        let integerDigits = position &- integerStart
        var scale = 0
        if position < end {
            guard base[position] == 0x2E else { throw NMEAFieldError(field: field, reason: "not a number") } // .
            position &+= 1
            let fractionStart = position
            while position < end {
                let digit = base[position] &- 0x30
                guard digit < 10 else { throw NMEAFieldError(field: field, reason: "not a number") }
                mantissa = mantissa &* 10 &+ Int(digit)
                position &+= 1
            }
            scale = position &- fractionStart
        }
        let digits = integerDigits &+ scale
        guard digits > 0 else { throw NMEAFieldError(field: field, reason: "not a number") }
        // Checked after the loop: with more than 15 digits the wrapped mantissa is discarded.
        guard digits <= 15 else { throw NMEAFieldError(field: field, reason: "too many digits") }
        return Decimal(mantissa: negative ? -mantissa : mantissa, scale: scale, integerDigits: integerDigits,
                       isNegative: negative)
    }
}
