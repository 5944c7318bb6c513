extension FSLibCommandNames {
    /// Typed, range-checked access to one JSON command object; remembers which keys were read, so
    /// that a tone's misspelt key is reported instead of ignored, and a test can compare a command's
    /// reads with its `parameters`.
    struct Arguments {
        let object: [String: JSONValue]
        private(set) var used: Set<String> = []

        init(_ object: [String: JSONValue]) { self.object = object }

        func has(_ key: String) -> Bool { object[key] != nil && object[key] != .null }

        mutating func value(_ key: String) -> JSONValue? {
            used.insert(key)
            guard let v = object[key], v != .null else { return nil }
            return v
        }

        mutating func required(_ key: String) throws(FSLibCommandError) -> JSONValue {
            guard let v = value(key) else { throw FSLibCommandError("\(key): missing") }
            return v
        }

        func checkAllUsed(_ command: String) throws(FSLibCommandError) {
            let unknown = object.keys.filter { !used.contains($0) }.sorted()
            if !unknown.isEmpty {
                throw FSLibCommandError("\(command) has no parameter \(unknown.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
        }

        mutating func string(_ key: String) throws(FSLibCommandError) -> String {
            let value = try required(key)
            guard case .string(let s) = value else { throw FSLibCommandError("\(key): expected a string, got \(value)") }
            return s
        }

        mutating func optionalString(_ key: String) throws(FSLibCommandError) -> String? {
            guard has(key) else { used.insert(key); return nil }
            return try string(key)
        }

        mutating func bool(_ key: String) throws(FSLibCommandError) -> Bool {
            let value = try required(key)
            guard case .bool(let b) = value else { throw FSLibCommandError("\(key): expected true or false, got \(value)") }
            return b
        }

        /// One flag under either of two names (FSLib-iOS and FSLib-Android differ); both at once is an error.
        mutating func optionalBool(either first: String, or second: String? = nil) throws(FSLibCommandError) -> Bool? {
            if let second, has(first), has(second) { throw FSLibCommandError("give \(first) or \(second), not both") }
            if has(first) { return try bool(first) }
            used.insert(first)
            if let second {
                if has(second) { return try bool(second) }
                used.insert(second)
            }
            return nil
        }

        /// A whole number; `90.0` counts, `90.5` does not.
        mutating func int(_ key: String, in range: ClosedRange<Int>) throws(FSLibCommandError) -> Int {
            let v = try required(key)
            let i: Int
            switch v {
            case .int(let n): i = n
            case .double(let d) where d.isFinite && d.rounded() == d && abs(d) < 9e15: i = Int(d)
            default: throw FSLibCommandError("\(key): expected a whole number, got \(v)")
            }
            guard range.contains(i) else { throw FSLibCommandError("\(key): \(i) is outside \(range.lowerBound)…\(range.upperBound)") }
            return i
        }

        mutating func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(FSLibCommandError) -> Int? {
            guard has(key) else { used.insert(key); return nil }
            return try int(key, in: range)
        }

        mutating func uint16(_ key: String) throws(FSLibCommandError) -> UInt16 {
            UInt16(try int(key, in: 0...65535))
        }

        mutating func optionalUInt16(_ key: String) throws(FSLibCommandError) -> UInt16? {
            try optionalInt(key, in: 0...65535).map(UInt16.init)
        }

        /// Degrees as FSLib-iOS takes them (a Float, cut toward zero by `Int(direction)`), e.g. −90.7 → −90;
        /// the encoder then takes them modulo 360.
        mutating func degrees(_ key: String) throws(FSLibCommandError) -> Int {
            let v = try required(key)
            switch v {
            case .int(let n) where n.magnitude < 1 << 53: return n
            case .double(let d) where d.isFinite && abs(d) < 9e15: return Int(d)
            default: throw FSLibCommandError("\(key): expected degrees, got \(v)")
            }
        }

        mutating func channel(_ key: String) throws(FSLibCommandError) -> UInt8 {
            UInt8(try int(key, in: 0...5))
        }

        /// FSLib: 0–100, or −1 for the belt's default. Above 100 is refused, though FSLib-iOS's
        /// `vibrateAt…` clamps it: a typed 150 is a mistake to name, not to send as 100.
        mutating func intensity(_ key: String) throws(FSLibCommandError) -> Int? {
            guard has(key) else { used.insert(key); return nil }
            let i = try int(key, in: -1...100)
            return i == -1 ? nil : i
        }

        /// FSLib: −1 (or 0) repeats indefinitely. Counts stop at 127: what the firmware does with
        /// 128–255 is unknown, so they are refused rather than sent.
        mutating func iterations(_ key: String) throws(FSLibCommandError) -> UInt8 {
            let i = try int(key, in: -1...Int(Wire.maximumIterations))
            return i <= 0 ? 0 : UInt8(i)
        }

        /// The orientation value for its type, normalised as FSLib-iOS does: angles and bearings modulo
        /// 360, motor indices modulo 16; a binary mask must fit 16 bits.
        mutating func orientation(_ key: String, type: BeltOrientationType) throws(FSLibCommandError) -> BeltOrientation {
            switch type {
            case .binaryMask: return .binaryMask(UInt16(try int(key, in: 0...0xFFFF)))
            case .motorIndex:
                let i = try int(key, in: Int.min / 2...Int.max / 2)
                return .motorIndex(UInt8(((i % 16) + 16) % 16))
            case .angle: return .angle(try degrees(key))
            case .magneticBearing: return .magneticBearing(try degrees(key))
            }
        }

        mutating func enumeration<T>(_ key: String, _ table: [(String, T)]) throws(FSLibCommandError) -> T {
            let name = try string(key)
            guard let v = FSLibNames.value(name, in: table) else {
                throw FSLibCommandError("\(key): \"\(name)\" is not one of \(FSLibNames.names(table))")
            }
            return v
        }

        mutating func optionalEnumeration<T>(_ key: String, _ table: [(String, T)]) throws(FSLibCommandError) -> T? {
            guard has(key) else { used.insert(key); return nil }
            return try enumeration(key, table)
        }

        /// `[{"frequency": Hz, "duration": ms}, …]`, 1–9 tones; values are floored to the wire units.
        mutating func tones(_ key: String) throws(FSLibCommandError) -> [BuzzerTone] {
            guard case .array(let items) = try required(key), (1...BuzzerTone.maximumSteps).contains(items.count) else {
                throw FSLibCommandError("\(key): expected 1–\(BuzzerTone.maximumSteps) tones")
            }
            var tones: [BuzzerTone] = []
            for item in items {
                guard case .object(let o) = item else { throw FSLibCommandError("\(key): each tone is an object") }
                var t = Arguments(o)
                let hz = try t.number("frequency", in: 0...7968.75)
                let ms = try t.number("duration", in: 0...2550)
                try t.checkAllUsed("a tone")
                tones.append(BuzzerTone(hertz: hz, milliseconds: ms))
            }
            return tones
        }

        mutating func number(_ key: String, in range: ClosedRange<Double>) throws(FSLibCommandError) -> Double {
            let v = try required(key)
            let d: Double
            switch v {
            case .int(let n): d = Double(n)
            case .double(let x): d = x
            default: throw FSLibCommandError("\(key): expected a number, got \(v)")
            }
            guard range.contains(d) else { throw FSLibCommandError("\(key): \(d) is outside \(range.lowerBound)…\(range.upperBound)") }
            return d
        }
    }
}
