/// "Did you mean …?" for misspelt keys, values and command names.
package enum Suggestion {
    /// The closest candidate within a small edit distance, or nil if nothing is close.
    package static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        // The same words in another order ("pause-toggle" for "toggle-pause") is the likeliest slip.
        let words = Self.words(lowered)
        if let reordered = candidates.first(where: { Self.words($0.lowercased()) == words && $0.lowercased() != lowered }) {
            return reordered
        }
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            let limit = max(1, min(3, candidate.count / 3))
            guard distance <= limit else { continue }
            if distance < best?.1 ?? .max { best = (candidate, distance) }
        }
        if let best { return best.0 }
        // The start of one name and no other ("qmc" for "qmc5883l"): a chip or a name cut short.
        let starting = candidates.filter { $0.lowercased().hasPrefix(lowered) }
        return lowered.count >= 2 && starting.count == 1 ? starting.first : nil
    }

    private static func words(_ s: String) -> [Substring] {
        s.split(whereSeparator: { $0 == "-" || $0 == "_" }).sorted()
    }

    package static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// Levenshtein distance, counting a swap of two neighbours as one edit (typo-friendly).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
