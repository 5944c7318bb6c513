extension StringProtocol {
    /// The text without the scalars `blank` accepts at either end, taken a Unicode scalar at a time as
    /// Foundation's `trimmingCharacters(in:)` takes them: a combining mark after a trimmed space stays.
    package func trimmingScalars(where blank: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !blank($0) }),
              let last = scalars.lastIndex(where: { !blank($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
