/// The small text rules the map's line formats and Routino's output share.
enum LineText {
    /// Tabs, line ends and other control characters as spaces: in a line format they would split a
    /// field or a line.
    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7f
    }

    /// Without the spaces that pad it on either side (Routino pads its columns with them).
    static func trimmed(_ text: some StringProtocol) -> String {
        String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
