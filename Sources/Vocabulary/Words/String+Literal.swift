/// Finding and replacing text byte for byte, as Foundation's `range(of:)` and
/// `replacingOccurrences(of:with:)` did without options (a literal match of the code units), without
/// linking full Foundation. The standard library's `firstRange(of:)` and `replacing(_:with:)` compare
/// characters instead, so an `&` followed by a combining accent would not match `&`: escaping XML
/// that way would leave a bare `&` in the file.
extension StringProtocol {
    /// Where `target` first occurs, matched on UTF-8 bytes; nil when it does not, or is empty.
    package func literalRange(of target: some StringProtocol) -> Range<Index>? {
        let needle = Array(target.utf8)
        guard let head = needle.first else { return nil }
        let bytes = utf8
        var start = bytes.startIndex
        while let candidate = bytes[start...].firstIndex(of: head) {
            var probe = candidate
            var matched = 0
            while matched < needle.count, probe < bytes.endIndex, bytes[probe] == needle[matched] {
                probe = bytes.index(after: probe)
                matched += 1
            }
            if matched == needle.count { return candidate..<probe }
            start = bytes.index(after: candidate)
        }
        return nil
    }

    /// Every occurrence of `target`, left to right and not overlapping, replaced by `replacement`,
    /// matched on UTF-8 bytes. An empty `target` changes nothing.
    package func literallyReplacing(_ target: some StringProtocol, with replacement: some StringProtocol) -> String {
        var result = ""
        var rest = self[...]
        while let found = rest.literalRange(of: target) {
            result += rest[..<found.lowerBound]
            result += replacement
            rest = rest[found.upperBound...]
        }
        result += rest
        return result
    }
}
