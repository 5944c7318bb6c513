/// A spherical-harmonic main-field model as NOAA publishes it in a WMM.COF file.
///
/// The format: a header `epoch model-name release-date`, then one line
/// `n m g h ġ ḣ` per (n, m) for n = 1…N, m = 0…n, ended by lines of 9s. Parsing lives here so a
/// future WMM.COF (WMM2030) can be checked and loaded the same way the shipped table is checked.
package struct MagneticModelCoefficients: Sendable, Equatable {
    /// The name in the header, e.g. "WMM-2025".
    package var modelName: String
    /// The epoch t₀ as a decimal year: g(t) = g + ġ·(t − t₀).
    package var epoch: Double
    /// The release date as the header writes it (MM/DD/YYYY).
    package var releaseDate: String
    /// n = 1…maxDegree, m = 0…n, in that order.
    package var terms: [GaussCoefficient]

    package init(modelName: String, epoch: Double, releaseDate: String, terms: [GaussCoefficient]) {
        self.modelName = modelName
        self.epoch = epoch
        self.releaseDate = releaseDate
        self.terms = terms
    }

    /// The highest degree N, from the number of terms (N(N + 3)/2 of them).
    package var maxDegree: Int {
        var n = 0
        while (n + 1) * (n + 4) / 2 <= terms.count { n += 1 }
        return n
    }

    /// Reads a WMM.COF file. Throws `MagneticModelError.malformedCoefficientFile` naming the line
    /// for a bad header, a line that is not six numbers, or (n, m) out of order.
    package static func parse(cof text: String) throws -> MagneticModelCoefficients {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let headerLine = lines.first else {
            throw MagneticModelError.malformedCoefficientFile(line: 1, reason: "empty file")
        }
        // NOAA's GitHub copy carries a fourth header field (2024.866, the release as a decimal
        // year) before the date; the PyPI file has three. Take the date from the end.
        let header = headerLine.split(whereSeparator: \.isWhitespace)
        guard header.count >= 3, let epoch = Double(header[0]) else {
            throw MagneticModelError.malformedCoefficientFile(
                line: 1, reason: "expected 'epoch model-name release-date', found \"\(headerLine)\"")
        }
        var terms: [GaussCoefficient] = []
        var expected = (n: 1, m: 0)
        var terminated = false
        for (index, line) in lines.enumerated().dropFirst() {
            let fields = line.split(whereSeparator: \.isWhitespace)
            if fields.isEmpty { continue }
            if fields[0].hasPrefix("9999") { terminated = true; break }
            let number = index + 1
            let values = fields.compactMap { Double($0) }
            guard fields.count == 6, values.count == 6 else {
                throw MagneticModelError.malformedCoefficientFile(
                    line: number, reason: "expected six numbers 'n m g h ġ ḣ', found \"\(line)\"")
            }
            guard Int(fields[0]) == expected.n, Int(fields[1]) == expected.m else {
                throw MagneticModelError.malformedCoefficientFile(
                    line: number, reason: "expected n = \(expected.n), m = \(expected.m), found \(fields[0]) \(fields[1])")
            }
            terms.append(GaussCoefficient(n: expected.n, m: expected.m, g: values[2], h: values[3],
                                          gRate: values[4], hRate: values[5]))
            expected = expected.m == expected.n ? (expected.n + 1, 0) : (expected.n, expected.m + 1)
        }
        guard terminated else {
            throw MagneticModelError.malformedCoefficientFile(
                line: lines.count, reason: "missing the closing line of 9s (truncated file?)")
        }
        guard !terms.isEmpty else {
            throw MagneticModelError.malformedCoefficientFile(line: 2, reason: "no coefficient lines")
        }
        guard expected.m == 0 else {
            throw MagneticModelError.malformedCoefficientFile(
                line: lines.count, reason: "degree \(expected.n) ends after order \(expected.m - 1)")
        }
        return MagneticModelCoefficients(modelName: String(header[1]), epoch: epoch,
                                         releaseDate: String(header[header.count - 1]), terms: terms)
    }
}
