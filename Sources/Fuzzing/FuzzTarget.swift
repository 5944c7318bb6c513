/// One fuzz target: a parser or state machine that reads outside input, fed one generated input, with
/// the properties it must keep whatever that input is. A broken property throws `FuzzViolation`; under
/// libFuzzer the driver turns that into a crash so the input is saved, and in the replay tests it is a
/// test failure naming the corpus file.
package struct FuzzTarget: Sendable {
    /// The name `make fuzz` and the corpus directory use: `nmea-stream`, `gpx`.
    package let name: String
    /// What the bytes are and where they come from in the product, for `wayfinder-fuzz --list`.
    package let summary: String
    /// Inputs longer than this are cut (a GPX or a configuration is bigger than a radio packet).
    package let maximumLength: Int
    let body: @Sendable (inout FuzzInput) throws(FuzzViolation) -> Void

    package init(name: String, summary: String, maximumLength: Int = 4096,
                body: @escaping @Sendable (inout FuzzInput) throws(FuzzViolation) -> Void) {
        self.name = name
        self.summary = summary
        self.maximumLength = maximumLength
        self.body = body
    }

    /// Runs the target on one input.
    package func run(_ bytes: [UInt8]) throws(FuzzViolation) {
        var input = FuzzInput(bytes.count > maximumLength ? Array(bytes.prefix(maximumLength)) : bytes)
        try body(&input)
    }
}

/// A property a target promises and an input broke.
package struct FuzzViolation: Error, CustomStringConvertible {
    package let property: String

    package init(_ property: String) {
        self.property = property
    }

    package var description: String { property }
}

/// Checks one property; the message says what should have held, with the values that broke it.
@inline(__always)
func expect(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) throws(FuzzViolation) {
    if !condition() { throw FuzzViolation(message()) }
}
