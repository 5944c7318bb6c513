/// The comma-separated fields of one NMEA sentence, read in order from the received bytes.
///
/// Why a cursor: parsing is on the hot path (the target is ≥ 50× pynmea2, docs/performance.md), so
/// fields are never copied into Strings and their commas are never looked up: each reader starts
/// where the last one stopped, reads the run of digits there (`digitRun`), and checks the byte after
/// it is the field's comma (or the body's end). The body is always followed by the `*` of its
/// checksum, so no digit loop needs a bounds test. An empty field means "unknown" (NMEA 0183) and
/// reads as nil, as does a trailing field an older NMEA version does not send (RMC's posMode arrived
/// in 2.3, navStatus in 4.1). Anything else unreadable throws. The common forms (plain digits,
/// `digits.digits`, `hhmmss.ss`, `ddmm.mmmm`) are read inline; everything else (signs, leading
/// points, garbage, too many digits) by the general reader, which gives the same value or the same
/// refusal.
///
/// The readers are `@_transparent` (here and in the per-sentence decoders): the one attribute that
/// both Swift 6.2, which the arm64 cross build uses, and 6.3 always inline. 6.3's `@inline(always)`
/// does not exist in 6.2, and 6.3 treated `@inline(__always)` as a hint here and left four readers
/// out of line (807 instead of 766 callgrind instructions a sentence, docs/performance.md).
struct NMEAFields {
    /// The body's first byte (just after `$`).
    let base: UnsafePointer<UInt8>
    /// Index of the `*` that ends the body: the last field ends there.
    let end: Int
    /// Where the next field starts; past `end` once the last field has been read.
    private(set) var position: Int

    /// Reads the body `base[0..<end]`; `base[end]` must be `*` (it stops the digit loops), followed by
    /// the checksum's two hex digits (so fast paths may look two bytes past any field). The first
    /// field read is field 1, after the 5-letter address (`end == 5` or `base[5] == ","`, which the
    /// caller has checked).
    ///
    /// Why no field count or field number is kept: counting commas while scanning for the sentence's
    /// end cost about a tenth of the parse, and the decoders only need to know that a field is there
    /// when they reach it (`require`, `isExhausted`, `nextFieldIsLast`); errors work out their
    /// field's number when they are thrown (`fieldNumber`).
    init(body base: UnsafePointer<UInt8>, end: Int) {
        self.base = base
        self.end = end
        position = 6
    }

    /// The number of the field that starts at `start` (0 is the address field), for an error.
    func fieldNumber(at start: Int) -> Int {
        var number = 0
        for offset in 0..<min(start, end) where base[offset] == Self.comma { number &+= 1 }
        return number
    }

    /// Whether every field has been read.
    var isExhausted: Bool { position > end }

    /// Whether the next field is there and is the sentence's last.
    var nextFieldIsLast: Bool { position <= end && fieldEnd(from: position) == end }

    /// The number of the next field, for an error.
    var index: Int { fieldNumber(at: position) }

    /// The run of ASCII digits at `start`: its value (wrapped if longer than 18 digits, so callers
    /// check `count`) and length. The `*` after the body ends any run.
    ///
    /// Tried and slower here: eight bytes at a time (a mask for the first byte that is not a digit,
    /// three multiplications for the value). It takes more instructions than this loop for the two-
    /// and three-digit fields that are most of a GSV or GSA, and ran 15 % slower.
    @_transparent
    func digitRun(_ start: Int) -> (value: Int, count: Int) {
        var stop = start
        var value = 0
        // The digit as a full-width integer (a byte below `0` wraps to a huge one): no widening
        // instruction per digit.
        var digit = UInt(base[stop]) &- 0x30
        while digit < 10 {
            value = value &* 10 &+ Int(bitPattern: digit)
            stop &+= 1
            digit = UInt(base[stop]) &- 0x30
        }
        return (value, stop &- start)
    }

    /// Throws unless the next field, field `field`, is there: called before reading the last field a
    /// sentence must have, so a sentence with fewer fields is refused.
    @_transparent
    func require(_ field: Int) throws(NMEAFieldError) {
        guard position <= end else {
            throw NMEAFieldError(field: index, reason: "the sentence ends before field \(field)")
        }
    }

    /// ASCII `,`.
    static let comma: UInt8 = 0x2C

    /// Moves past the field that ends at `stop` (its comma, or `end`).
    @_transparent
    private mutating func finish(at stop: Int) {
        position = stop &+ 1
    }

    /// Whether a field ends at `stop`: its comma (nearly always, so tested first, on its own branch),
    /// or the body's end.
    @_transparent
    func endsField(_ stop: Int) -> Bool {
        if _fastPath(base[stop] == Self.comma) { return true }
        return stop == end
    }

    /// Where the field starting at `start` ends: its comma, or `end`.
    private func fieldEnd(from start: Int) -> Int {
        var stop = start
        while stop < end && base[stop] != Self.comma { stop &+= 1 }
        return stop
    }

    /// Skips the next field without reading it (one whose content we do not use).
    @_transparent
    mutating func skip() {
        let start = position
        guard start <= end else { return }
        // Empty or one character (GSA's opMode, RMC's empty magnetic variation): no search. The byte
        // after a field's first is at most the checksum's first digit, never a comma past the body.
        if base[start] == Self.comma {
            position = start &+ 1
        } else if base[start &+ 1] == Self.comma {
            position = start &+ 2
        } else {
            finish(at: fieldEnd(from: start))
        }
    }

    /// The next field's single character, nil if empty.
    @_transparent
    mutating func character() throws(NMEAFieldError) -> UInt8? {
        let start = position
        guard start <= end else { return nil }
        if start == end || base[start] == Self.comma {
            finish(at: start)
            return nil
        }
        let next = start &+ 1
        guard next == end || base[next] == Self.comma else {
            throw NMEAFieldError(field: index, reason: "expected one character")
        }
        finish(at: next)
        return base[start]
    }

    /// The next field's characters as GNS posMode letters, stored inline; empty if the field is empty
    /// or missing. Throws when there are more than `NMEAPositionModes.capacity`.
    @_transparent
    mutating func positionModes() throws(NMEAFieldError) -> NMEAPositionModes {
        let start = position
        guard start <= end else { return NMEAPositionModes() }
        let stop = fieldEnd(from: start)
        guard let modes = NMEAPositionModes(UnsafeBufferPointer(start: base + start, count: stop &- start)) else {
            throw NMEAFieldError(field: index, reason: "more than \(NMEAPositionModes.capacity) mode letters")
        }
        finish(at: stop)
        return modes
    }

    /// The next field as an integer, nil if empty or missing.
    @_transparent
    mutating func int() throws(NMEAFieldError) -> Int? {
        let start = position
        guard start <= end else { return nil }
        if let short = shortNumber(start) {
            position = short.next
            return short.value
        }
        // Plain digits, at most 15 (so the value is exact), ended by the field's end: read here; the
        // rest below.
        let run = digitRun(start)
        let stop = start &+ run.count
        if run.count <= 15, endsField(stop) {
            finish(at: stop)
            return run.count == 0 ? nil : run.value
        }
        let general = finishField(from: start)
        return try Self.generalInt(base, start, general.stop, field: general.field)
    }

    /// One to three digits and a comma at `start` (`start` at most `end`): their value and where the
    /// next field starts; nil for any other form, which the caller reads as before. Why: such fields
    /// (satellite ids, elevations, azimuths, C/N0, counts, fix quality, day and month) are most of a
    /// stream's fields, and reading them at fixed offsets takes no loop. In bounds: `start + 2` is
    /// at most the checksum's last digit, and `start + 3` is read only when `start` is before the `*`.
    /// The comma must be a real one: past the body there are only `*` and hex digits.
    @_transparent
    func shortNumber(_ start: Int) -> (value: Int, next: Int)? {
        let first = UInt(base[start]) &- 0x30, byte1 = base[start &+ 1]
        let second = UInt(byte1) &- 0x30
        if first < 10 && second < 10 { // two or three digits: tested first, the most common
            let byte2 = base[start &+ 2]
            let two = first &* 10 &+ second
            if byte2 == Self.comma { return (Int(bitPattern: two), start &+ 3) }
            let third = UInt(byte2) &- 0x30
            guard third < 10, start < end, base[start &+ 3] == Self.comma else { return nil }
            return (Int(bitPattern: two &* 10 &+ third), start &+ 4)
        }
        guard first < 10, byte1 == Self.comma else { return nil }
        return (Int(bitPattern: first), start &+ 2)
    }

    /// The next field as an integer of at most 32 bits, nil if empty or missing; a larger one is
    /// refused. For counts and codes kept narrow in a decoded message.
    @_transparent
    mutating func int32() throws(NMEAFieldError) -> Int32? {
        let start = position
        guard let value = try int() else { return nil }
        guard let narrow = Int32(exactly: value) else {
            throw NMEAFieldError(field: fieldNumber(at: start), reason: "\(value) is beyond 32 bits")
        }
        return narrow
    }

    /// The next field as a count (satellites used or in view), nil if empty or missing: at most 32
    /// bits, and never negative, which `int32()` would pass on as a count below zero.
    @_transparent
    mutating func count() throws(NMEAFieldError) -> Int32? {
        let start = position
        guard let value = try int32() else { return nil }
        guard value >= 0 else { throw NMEAFieldError(field: fieldNumber(at: start), reason: "a count of \(value) is below zero") }
        return value
    }

    /// Finds the end of the field that starts at `start` and moves past it; returns the field's
    /// number and end, for a general reader. Why the general readers are static functions of the
    /// bytes rather than mutating methods: a call that takes the cursor `inout` forces it into memory
    /// for the whole decoder, and every field then pays a store and a reload.
    @_transparent
    private mutating func finishField(from start: Int) -> (field: Int, stop: Int) {
        let field = fieldNumber(at: start)
        let stop = fieldEnd(from: start)
        finish(at: stop)
        return (field, stop)
    }

    /// `int`'s general path (signs, points, garbage), kept out of line so the fast path inlined at
    /// every call site stays small.
    @inline(never)
    static func generalInt(_ base: UnsafePointer<UInt8>, _ start: Int, _ stop: Int, field: Int)
        throws(NMEAFieldError) -> Int? {
        guard start < stop, let number = try decimal(base, start, stop, field: field) else { return nil }
        guard number.scale == 0 else { throw NMEAFieldError(field: field, reason: "expected an integer") }
        return number.mantissa
    }

    /// The next field read for the inline satellite lists of GSV and GSA without an optional or an
    /// error: `emptyField` if empty (or missing), the value if it is 1–9 plain digits (so it fits 32
    /// bits), `notPlain` otherwise; then the field is not consumed, and the caller reads it with
    /// `int`, which gives the same value or error as ever. Why: these are most fields of the stream
    /// (the 50× target of docs/performance.md).
    @_transparent
    mutating func plainNumber() -> Int32 {
        let start = position
        guard start <= end else { return Self.emptyField }
        // Two or three digits and a comma (ids, elevations, azimuths, C/N0: most of a GSV), as
        // `shortNumber` reads them but without its one-digit case, which satellite fields rarely
        // take: here that test cost more than it saved. Written out rather than calling
        // `shortNumber` with a flag, which measured 12 instructions a sentence more.
        let first = UInt(base[start]) &- 0x30, second = UInt(base[start &+ 1]) &- 0x30
        if first < 10 && second < 10 {
            let third = base[start &+ 2]
            if third == Self.comma {
                position = start &+ 3
                return Int32(truncatingIfNeeded: first &* 10 &+ second)
            }
            let digit = UInt(third) &- 0x30
            if digit < 10 && start < end && base[start &+ 3] == Self.comma {
                position = start &+ 4
                return Int32(truncatingIfNeeded: (first &* 10 &+ second) &* 10 &+ digit)
            }
        }
        if base[start] == Self.comma { // empty: half the slots of a GSA
            position = start &+ 1
            return Self.emptyField
        }
        let run = digitRun(start)
        let stop = start &+ run.count
        guard run.count <= 9, endsField(stop) else { return Self.notPlain }
        finish(at: stop)
        return run.count == 0 ? Self.emptyField : Int32(truncatingIfNeeded: run.value)
    }

    /// The next four fields when they are a GSV satellite block in NMEA 0183's own widths,
    /// `ii,ee,aaa,ss,` (id, elevation, azimuth and C/N0, zero-padded, and the comma before the field
    /// after them), read as two 8-byte words; nil (and nothing read) for any other form, which the
    /// field readers then take. Only when `position + 13` is at most `end`, so both words lie in the
    /// body or its checksum. Why: most GSV blocks are sent so (u-blox, MediaTek), and a block read
    /// field by field took about three times the instructions.
    @_transparent
    mutating func standardSatellite() -> (id: Int32, elevation: Int32, azimuth: Int32, snr: Int32)? {
        let start = position
        guard start &+ 13 <= end else { return nil }
        let first = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        let second = UInt64(littleEndian: UnsafeRawPointer(base + (start &+ 8)).loadUnaligned(as: UInt64.self))
        // XORed with `00,00,00` and `0,00,` (first byte lowest): each digit becomes its value and
        // each comma 0; the last three bytes of the second word are not part of the block.
        let x = first ^ 0x3030_2C30_302C_3030
        let y = (second ^ 0x0000_002C_3030_2C30) & 0x0000_00FF_FFFF_FFFF
        guard x & 0x0000_FF00_00FF_0000 == 0, y & 0x0000_00FF_0000_FF00 == 0, // the four commas
              (x &+ 0x7676_7676_7676_7676 | x) & 0x8080_8080_8080_8080 == 0,   // every other byte a digit
              (y &+ 0x7676_7676_7676_7676 | y) & 0x8080_8080_8080_8080 == 0 else { return nil }
        position = start &+ 13
        let pairs = x &* 10 &+ (x &>> 8) // ii, ee and the azimuth's first two digits in bytes 0, 3, 6
        let azimuth = (pairs &>> 48 & 0xFF) &* 10 &+ (y & 0xFF)
        let snr = (y &>> 16 & 0xFF) &* 10 &+ (y &>> 24 & 0xFF)
        return (Int32(truncatingIfNeeded: pairs & 0xFF), Int32(truncatingIfNeeded: pairs &>> 24 & 0xFF),
                Int32(truncatingIfNeeded: azimuth), Int32(truncatingIfNeeded: snr))
    }

    /// `plainNumber` of an empty field; also the satellite lists' mark for an absent number.
    static let emptyField = Int32.min
    /// `plainNumber` of a field that is not plain digits.
    static let notPlain: Int32 = -1

    /// The next field as a double, nil if empty or missing.
    @_transparent
    mutating func double() throws(NMEAFieldError) -> Double? {
        let start = position
        guard start <= end else { return nil }
        if let short = shortDecimal(start) {
            position = short.next
            return short.value
        }
        let plain = plainDouble(start)
        if plain.stop >= 0 {
            finish(at: plain.stop)
            return plain.value
        }
        let general = finishField(from: start)
        return try Self.generalDouble(base, start, general.stop, field: general.field)
    }

    /// One or two digits, a point, one to three digits and a comma at `start`, when `start` is at
    /// least four bytes before the `*` (so every byte read is in the body or its checksum): the value
    /// and where the next field starts; nil for any other form. Why: DOPs, speeds, courses and
    /// altitudes are sent so (u-blox `1.32`, `2.500`, `84.20`, `63.1`), and a fifth of a stream's
    /// fields are these. The value is `plainDouble`'s: the same exact mantissa over the same power
    /// of ten.
    @_transparent
    func shortDecimal(_ start: Int) -> (value: Double, next: Int)? {
        guard start &+ 4 <= end else { return nil }
        var whole = UInt(base[start]) &- 0x30
        guard whole < 10 else { return nil }
        var point = start &+ 1
        let second = UInt(base[point]) &- 0x30
        if second < 10 {
            whole = whole &* 10 &+ second
            point &+= 1
        }
        guard base[point] == 0x2E else { return nil } // .
        let tenths = UInt(base[point &+ 1]) &- 0x30
        guard tenths < 10 else { return nil }
        let byte2 = base[point &+ 2]
        if byte2 == Self.comma { return (Double(whole &* 10 &+ tenths) / 10, point &+ 3) }
        let hundredths = UInt(byte2) &- 0x30
        guard hundredths < 10 else { return nil }
        let byte3 = base[point &+ 3]
        let two = whole &* 100 &+ tenths &* 10 &+ hundredths
        if byte3 == Self.comma { return (Double(two) / 100, point &+ 4) }
        let thousandths = UInt(byte3) &- 0x30
        guard thousandths < 10, base[point &+ 4] == Self.comma else { return nil }
        return (Double(two &* 10 &+ thousandths) / 1000, point &+ 5)
    }

    /// Unsigned `digits[.digits]` (DOPs, speeds, courses, altitudes; at most 15 digits)
    /// from `start`, ended by a comma or `end`, straight into a Double (nil if empty): mantissa and
    /// power of ten are both exact, so the one division rounds correctly and gives strtod's double.
    /// `stop` is where the field ended, or -1 if it has any other form.
    @_transparent
    func plainDouble(_ start: Int) -> (value: Double?, stop: Int) {
        let number = unsignedDecimal(start)
        guard number.stop >= 0 else { return (nil, -1) }
        if number.hasPoint {
            guard number.integerDigits > 0 else { return (nil, -1) }
            return (Double(number.integer &* Self.powerOfTen(number.fractionDigits) &+ number.fraction)
                / Self.doublePowerOfTen(number.fractionDigits), number.stop)
        }
        return (number.integerDigits == 0 ? nil : Double(number.integer), number.stop)
    }

    /// `double`'s general path, out of line like `generalInt`.
    @inline(never)
    static func generalDouble(_ base: UnsafePointer<UInt8>, _ start: Int, _ stop: Int, field: Int)
        throws(NMEAFieldError) -> Double? {
        guard start < stop else { return nil }
        return try decimal(base, start, stop, field: field)?.value
    }

    /// The next field read by the general reader, whatever its form; nil if empty or missing.
    @_transparent
    mutating func generalDecimal() throws(NMEAFieldError) -> Decimal? {
        let start = position
        guard start <= end else { return nil }
        let (field, stop) = finishField(from: start)
        guard start < stop else { return nil }
        return try Self.decimal(base, start, stop, field: field)
    }

    /// A field of digits, optionally `.` and more digits, from `start` to its comma or `end`, with
    /// at most 15 digits in all: the integer part's value and digit count, whether there was a
    /// point, the fraction's value and digit count, and where the field ended; a `stop` of -1 if the
    /// field has any other form (a sign, a second point, garbage, more digits).
    @_transparent
    func unsignedDecimal(_ start: Int)
        -> (integer: Int, integerDigits: Int, hasPoint: Bool, fraction: Int, fractionDigits: Int, stop: Int) {
        let integer = digitRun(start)
        let point = start &+ integer.count
        if endsField(point) {
            guard integer.count <= 15 else { return (0, 0, false, 0, 0, -1) }
            return (integer.value, integer.count, false, 0, 0, point)
        }
        guard base[point] == 0x2E else { return (0, 0, false, 0, 0, -1) } // .
        let fraction = digitRun(point &+ 1)
        let stop = point &+ 1 &+ fraction.count
        guard integer.count &+ fraction.count <= 15, endsField(stop) else {
            return (0, 0, false, 0, 0, -1)
        }
        return (integer.value, integer.count, true, fraction.value, fraction.count, stop)
    }

    /// `hhmmss[.s…]` as milliseconds since midnight UTC, rounded to the millisecond.
    @_transparent
    mutating func timeOfDay() throws(NMEAFieldError) -> Int? {
        let start = position
        guard start <= end else { return nil }
        if let short = shortTime(start) {
            position = short.next
            guard let time = Self.timeOfDay(hours: short.hours, minutes: short.minutes, seconds: short.seconds,
                                            millis: short.millis) else {
                throw NMEAFieldError(field: fieldNumber(at: start), reason: "time out of range")
            }
            return time
        }
        let number = unsignedDecimal(start)
        // Six integer digits, the usual form, read here (at most 9 after the point); the rest below.
        guard number.stop >= 0, number.integerDigits == 6 else {
            let general = finishField(from: start)
            return try Self.generalTimeOfDay(base, start, general.stop, field: general.field)
        }
        finish(at: number.stop)
        // A fraction of at most three digits is an exact number of milliseconds.
        let millis = switch number.fractionDigits {
        case 0: 0
        case 1: number.fraction &* 100
        case 2: number.fraction &* 10
        case 3: number.fraction
        default: Self.roundedMillis(number.fraction, Self.powerOfTen(number.fractionDigits))
        }
        guard let time = Self.timeOfDay(number.integer, millis: millis) else {
            throw NMEAFieldError(field: fieldNumber(at: start), reason: "time out of range")
        }
        return time
    }

    /// `hhmmss.s` to `hhmmss.sss` then a comma (u-blox sends two decimals, MediaTek three), when
    /// `start` is at least eight bytes before the `*`, so every byte read is in the body or its
    /// checksum: hours, minutes, seconds, milliseconds, and where the next field starts; nil
    /// for any other form. The first eight bytes are tested as one word: XORed with `000000.0`, each
    /// must be below 10, and the point's byte 0.
    @_transparent
    func shortTime(_ start: Int) -> (hours: Int, minutes: Int, seconds: Int, millis: Int, next: Int)? {
        guard start &+ 8 <= end else { return nil }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        let x = word ^ 0x302E_3030_3030_3030 // "000000.0", first byte lowest
        // A byte ≥ 10 sets its high bit here (plus 0x76), or has it set already; a carry out of one
        // byte only adds to the next, which cannot hide a high bit.
        guard x & 0x00FF_0000_0000_0000 == 0,
              (x &+ 0x7676_7676_7676_7676 | x) & 0x8080_8080_8080_8080 == 0 else { return nil }
        // Each byte times ten plus the next: the two-digit pairs hh, mm, ss land in bytes 0, 2, 4.
        let pairs = x &* 10 &+ (x &>> 8)
        let hours = Int(pairs & 0xFF), minutes = Int(pairs &>> 16 & 0xFF), seconds = Int(pairs &>> 32 & 0xFF)
        let tenths = Int(x &>> 56)
        let byte8 = base[start &+ 8]
        if byte8 == Self.comma { return (hours, minutes, seconds, tenths &* 100, start &+ 9) }
        let hundredths = UInt(byte8) &- 0x30
        guard hundredths < 10 else { return nil }
        let byte9 = base[start &+ 9]
        let millis = tenths &* 100 &+ Int(hundredths) &* 10
        if byte9 == Self.comma { return (hours, minutes, seconds, millis, start &+ 10) }
        let thousandths = UInt(byte9) &- 0x30
        guard thousandths < 10, base[start &+ 10] == Self.comma else { return nil }
        return (hours, minutes, seconds, millis &+ Int(thousandths), start &+ 11)
    }

    /// `fraction / unit` of a second in milliseconds, rounded half up.
    @_transparent
    static func roundedMillis(_ fraction: Int, _ unit: Int) -> Int { (fraction * 1000 * 2 + unit) / (2 * unit) }

    /// `hhmmss` and milliseconds as milliseconds since midnight; nil if out of range.
    @_transparent
    static func timeOfDay(_ hhmmss: Int, millis: Int) -> Int? {
        timeOfDay(hours: hhmmss / 10_000, minutes: hhmmss / 100 % 100, seconds: hhmmss % 100, millis: millis)
    }

    /// The time as milliseconds since midnight; nil if out of range.
    @_transparent
    static func timeOfDay(hours: Int, minutes: Int, seconds: Int, millis: Int) -> Int? {
        // Seconds may read 60 during a leap second.
        guard hours < 24, minutes < 60, seconds <= 60 else { return nil }
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis
    }

    @inline(never)
    static func generalTimeOfDay(_ base: UnsafePointer<UInt8>, _ start: Int, _ stop: Int, field: Int)
        throws(NMEAFieldError) -> Int? {
        guard start < stop, let number = try decimal(base, start, stop, field: field) else { return nil }
        guard number.integerDigits == 6, number.mantissa >= 0 else {
            throw NMEAFieldError(field: field, reason: "time is not hhmmss.ss")
        }
        let unit = powerOfTen(number.scale)
        guard let time = timeOfDay(number.mantissa / unit, millis: roundedMillis(number.mantissa % unit, unit)) else {
            throw NMEAFieldError(field: field, reason: "time out of range")
        }
        return time
    }

    /// `ddmmyy` (RMC). Two-digit years below 80 are 20yy, others 19yy (our pivot: NMEA sends no
    /// century, and receivers older than 1980 did not exist).
    @_transparent
    mutating func date() throws(NMEAFieldError) -> GPSDate? {
        let start = position
        guard start <= end else { return nil }
        let day: Int, month: Int, yy: Int
        if let short = shortDate(start) {
            position = short.next
            (day, month, yy) = (short.day, short.month, short.yy)
        } else {
            let ddmmyy: Int
            let plain = unsignedDecimal(start)
            if plain.stop >= 0, plain.integerDigits == 6, plain.fractionDigits == 0 {
                finish(at: plain.stop)
                ddmmyy = plain.integer
            } else {
                guard let number = try generalDecimal() else { return nil }
                guard number.integerDigits == 6, number.scale == 0, number.mantissa >= 0 else {
                    throw NMEAFieldError(field: fieldNumber(at: start), reason: "date is not ddmmyy")
                }
                ddmmyy = number.mantissa
            }
            (day, month, yy) = (ddmmyy / 10_000, ddmmyy / 100 % 100, ddmmyy % 100)
        }
        guard let date = GPSDate(year: yy < 80 ? 2000 + yy : 1900 + yy, month: month, day: day) else {
            throw NMEAFieldError(field: fieldNumber(at: start), reason: "no such date")
        }
        return date
    }

    /// `ddmmyy` then a comma, when `start` is at least five bytes before the `*` (so the eight bytes
    /// read lie in the body or its checksum): day, month, two-digit year, and where the next field
    /// starts; nil for any other form. Tested and split as one word, as `shortTime` does.
    @_transparent
    func shortDate(_ start: Int) -> (day: Int, month: Int, yy: Int, next: Int)? {
        guard start &+ 5 <= end else { return nil }
        let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        let x = word ^ 0x3030_3030_3030_3030
        guard (x &+ 0x7676_7676_7676_7676 | x) & 0x0000_8080_8080_8080 == 0, // six digits
              word &>> 48 & 0xFF == UInt64(Self.comma) else { return nil }
        let pairs = x &* 10 &+ (x &>> 8) // dd, mm, yy in bytes 0, 2, 4 (what spills from bytes 6 and 7 goes up)
        return (Int(pairs & 0xFF), Int(pairs &>> 16 & 0xFF), Int(pairs &>> 32 & 0xFF), start &+ 7)
    }

    /// Latitude `ddmm.mmmm` then `N`/`S` (two fields), in degrees (north positive).
    @_transparent
    mutating func latitude() throws(NMEAFieldError) -> Double? {
        try angle(limit: 90, positive: 0x4E, negative: 0x53)
    }

    /// Longitude `dddmm.mmmm` then `E`/`W` (two fields), in degrees (east positive).
    @_transparent
    mutating func longitude() throws(NMEAFieldError) -> Double? {
        try angle(limit: 180, positive: 0x45, negative: 0x57)
    }

    @_transparent
    private mutating func angle(limit: Double, positive: UInt8, negative: UInt8) throws(NMEAFieldError) -> Double? {
        let start = position
        guard start <= end else { return nil }
        let magnitude: Double
        let plain = plainAngle(start)
        if plain.stop >= 0 {
            finish(at: plain.stop)
            guard let value = Self.degrees(plain.degrees, minutes: plain.minutes, limit: limit) else {
                throw NMEAFieldError(field: fieldNumber(at: start), reason: Self.outOfRange(plain.minutes, limit))
            }
            magnitude = value
        } else {
            let general = finishField(from: start)
            guard let value = try Self.generalAngle(base, start, general.stop, limit: limit, field: general.field) else {
                guard try character() == nil else {
                    throw NMEAFieldError(field: general.field, reason: "hemisphere without a value")
                }
                return nil
            }
            magnitude = value
        }
        switch try character() {
        case positive: return magnitude
        case negative: return -magnitude
        default: throw NMEAFieldError(field: fieldNumber(at: start) &+ 1, reason: "bad hemisphere")
        }
    }

    /// Unsigned `dddmm[.mmm…]` (at least 3 integer digits, at most 15 in all) from `start`, ended
    /// by a comma or `end`: degrees and minutes, split in integers so 4717.11399 is exactly
    /// 47° 17.11399'. `stop` is where the field ended, or -1 if it has any other form (an empty
    /// field included).
    @_transparent
    func plainAngle(_ start: Int) -> (degrees: Int, minutes: Double, stop: Int) {
        if let short = shortAngle(start) { return short }
        let number = unsignedDecimal(start)
        guard number.stop >= 0, number.integerDigits >= 3 else { return (0, 0, -1) }
        let unit = Self.powerOfTen(number.fractionDigits)
        let minutes = Double((number.integer % 100) &* unit &+ number.fraction) / Double(unit)
        return (number.integer / 100, minutes, number.stop)
    }

    /// `plainAngle` for 3 to 7 integer digits, a point, and 1 to 7 fraction digits ended by a comma
    /// (u-blox `5216.36800`, `00803.70200`; MediaTek's four decimals), when the two eight-byte words
    /// read lie in the body or its checksum; nil for any other form. The same integers and the same
    /// division as `plainAngle`, so the same double; the digits are read a word at a time.
    @_transparent
    func shortAngle(_ start: Int) -> (degrees: Int, minutes: Double, stop: Int)? {
        guard start &+ 5 <= end else { return nil }
        let integer = wordDigits(start)
        guard integer.count >= 3, integer.count <= 7 else { return nil }
        let point = start &+ integer.count
        guard base[point] == 0x2E, point &+ 6 <= end else { return nil } // .
        let fraction = wordDigits(point &+ 1)
        let stop = point &+ 1 &+ fraction.count
        guard fraction.count >= 1, fraction.count <= 7, base[stop] == Self.comma else { return nil }
        let unit = Self.powerOfTen(fraction.count)
        let minutes = Double((integer.value % 100) &* unit &+ fraction.value) / Double(unit)
        return (integer.value / 100, minutes, stop)
    }

    /// The digits that start the eight bytes at `start` (which must lie in the body or its
    /// checksum): their value and count, 0 to 8. One load, a mask for the first byte that is not a
    /// digit, and three multiply-adds that combine pairs, fours and eights of digits. Used for the
    /// long runs of angles, where it beats the byte loop; for fields of two or three digits it does
    /// not (see `digitRun`).
    @_transparent
    func wordDigits(_ start: Int) -> (value: Int, count: Int) {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        let x = word ^ 0x3030_3030_3030_3030 // a digit's byte is now its value, below 10
        // High bit of each byte that is not a digit (as in `shortTime`); the first one ends the run.
        let notDigit = (x &+ 0x7676_7676_7676_7676 | x) & 0x8080_8080_8080_8080
        let count = notDigit.trailingZeroBitCount &>> 3 // 8 when every byte is a digit
        guard count > 0 else { return (0, 0) }
        // The first digit is the lowest byte: shifting the run to the top drops the bytes after it
        // and leaves zeros, leading zeros of the number, below.
        var v = x &<< UInt64((8 &- count) &* 8)
        v = (v &* 10 &+ (v &>> 8)) & 0x00FF_00FF_00FF_00FF        // pairs, in bytes 0, 2, 4, 6
        v = (v &* 100 &+ (v &>> 16)) & 0x0000_FFFF_0000_FFFF      // fours, in 16-bit lanes 0 and 2
        v = (v &* 10_000 &+ (v &>> 32)) & 0x0000_0000_FFFF_FFFF   // all eight
        return (Int(v), count)
    }

    /// `angle`'s general path: the magnitude, nil if the field is empty.
    @inline(never)
    private static func generalAngle(_ base: UnsafePointer<UInt8>, _ start: Int, _ stop: Int, limit: Double,
                                     field: Int) throws(NMEAFieldError) -> Double? {
        guard start < stop, let number = try decimal(base, start, stop, field: field) else { return nil }
        guard number.mantissa >= 0, number.integerDigits >= 3 else {
            throw NMEAFieldError(field: field, reason: "expected degrees and minutes")
        }
        let unit = powerOfTen(number.scale)
        let degrees = number.mantissa / (100 * unit)
        let minutes = Double(number.mantissa - degrees * 100 * unit) / Double(unit)
        guard let value = Self.degrees(degrees, minutes: minutes, limit: limit) else {
            throw NMEAFieldError(field: field, reason: outOfRange(minutes, limit))
        }
        return value
    }

    /// Degrees and minutes as degrees; nil if the minutes reach 60 or the angle passes `limit`.
    @_transparent
    private static func degrees(_ degrees: Int, minutes: Double, limit: Double) -> Double? {
        guard minutes < 60 else { return nil }
        let value = Double(degrees) + minutes / 60
        return value <= limit ? value : nil
    }

    /// Why `degrees` refused an angle.
    private static func outOfRange(_ minutes: Double, _ limit: Double) -> String {
        minutes < 60 ? "beyond \(limit)°" : "minutes ≥ 60"
    }

    /// A decimal number as digits: value = mantissa / 10^scale.
    struct Decimal {
        var mantissa: Int
        var scale: Int
        var integerDigits: Int
        /// Whether a `-` was written, kept apart so "-0.0" reads as -0.0, as strtod reads it.
        var isNegative = false
        @_transparent
        var value: Double {
            // Both operands are exact doubles (mantissa < 2^53, 10^scale ≤ 10^15), so the quotient
            // is correctly rounded: the same double strtod would give.
            let magnitude = Double(mantissa.magnitude) / NMEAFields.doublePowerOfTen(scale)
            return isNegative ? -magnitude : magnitude
        }
    }

    /// 10^power for power in 0...15 (`decimal` allows at most 15 digits). A switch of literals
    /// compiles to a constant table: no loop, and no lazily initialised global on the hot path.
    @_transparent
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

    @_transparent
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
