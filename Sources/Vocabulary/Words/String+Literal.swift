/// Finding and replacing text byte for byte (a literal match of the UTF-8 code units), without
/// linking full Foundation. Foundation's `range(of:)` and `replacingOccurrences(of:with:)` without
/// options, like the standard library's `firstRange(of:)` and `replacing(_:with:)`, keep composed
/// characters whole, so an `&` followed by a combining accent does not match `&`: escaping XML that
/// way leaves a bare `&` in the file. Where no combining mark follows a match, the results are the same.
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
