/// How a breakout is mounted: which chip axis (and sign) is the body's forward (x), right (y) and
/// down (z) axis of the NED body frame that `TiltCompensation` uses (NXP AN4248).
///
/// Why: tilt compensation and heading assume that frame, but a sensor is soldered however the
/// board's designer liked and worn however the case allows. Written as in the configuration:
/// three signed chip axes for body x, y, z, e.g. `"+x +y +z"` (as mounted) or `"-y +x +z"`
/// (the chip turned 90° to the left). Each chip axis must appear exactly once.
package struct AxisMapping: Sendable, Hashable, CustomStringConvertible {
    /// For body axis i: the chip axis it is (0 = x, 1 = y, 2 = z) and its sign.
    package let axes: [(index: Int, sign: Double)]

    package static let identity = AxisMapping(unchecked: [(0, 1), (1, 1), (2, 1)])

    private init(unchecked axes: [(index: Int, sign: Double)]) { self.axes = axes }

    /// Parses `"+x +y +z"`-style text (separators: spaces or commas; a missing sign is `+`).
    /// Returns nil with `why` set when it is not a signed permutation of x, y, z.
    package init?(parsing text: String, why: inout String) {
        let tokens = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," })
        guard tokens.count == 3 else {
            why = "needs three signed chip axes for body x (forward), y (right), z (down), e.g. \"+x +y +z\""
            return nil
        }
        var axes: [(index: Int, sign: Double)] = []
        for token in tokens {
            var sign = 1.0
            var name = Substring(token)
            if let first = name.first, first == "+" || first == "-" {
                sign = first == "-" ? -1 : 1
                name = name.dropFirst()
            }
            guard let index = ["x", "y", "z"].firstIndex(of: String(name)) else {
                why = "\"\(token)\" is not an axis; use x, y or z with an optional sign"
                return nil
            }
            axes.append((index, sign))
        }
        guard Set(axes.map(\.index)).count == 3 else {
            why = "each of x, y and z must appear once"
            return nil
        }
        self.axes = axes
    }

    /// The body-frame vector of a chip-frame reading.
    package func apply(_ v: Vector3) -> Vector3 {
        Vector3(axes[0].sign * v[axes[0].index], axes[1].sign * v[axes[1].index], axes[2].sign * v[axes[2].index])
    }

    package var description: String {
        axes.map { ($0.sign < 0 ? "-" : "+") + ["x", "y", "z"][$0.index] }.joined(separator: " ")
    }

    package static func == (a: AxisMapping, b: AxisMapping) -> Bool { a.description == b.description }
    package func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
