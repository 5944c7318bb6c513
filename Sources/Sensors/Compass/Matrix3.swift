/// A 3×3 matrix, row-major; the soft-iron correction of a `CompassCalibration`.
///
/// Encoded as `[[Double]]` (three rows of three) so the calibration JSON reads naturally.
package struct Matrix3: Sendable, Hashable, Codable {
    /// Row-major, always 9 elements.
    package private(set) var elements: [Double]

    package init(rows: [[Double]]) {
        precondition(rows.count == 3 && rows.allSatisfy { $0.count == 3 }, "Matrix3 needs 3 rows of 3")
        elements = rows.flatMap { $0 }
    }

    package static let identity = Matrix3(rows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    package subscript(row: Int, column: Int) -> Double {
        get { elements[row * 3 + column] }
        set { elements[row * 3 + column] = newValue }
    }

    package var rows: [[Double]] { [Array(elements[0..<3]), Array(elements[3..<6]), Array(elements[6..<9])] }

    package static func * (m: Matrix3, v: Vector3) -> Vector3 {
        Vector3(m[0, 0] * v.x + m[0, 1] * v.y + m[0, 2] * v.z,
                m[1, 0] * v.x + m[1, 1] * v.y + m[1, 2] * v.z,
                m[2, 0] * v.x + m[2, 1] * v.y + m[2, 2] * v.z)
    }

    package static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        var out = Matrix3.identity
        for r in 0..<3 {
            for c in 0..<3 {
                out[r, c] = (0..<3).reduce(0) { $0 + a[r, $1] * b[$1, c] }
            }
        }
        return out
    }

    package static func * (k: Double, m: Matrix3) -> Matrix3 {
        Matrix3(rows: m.rows.map { $0.map { k * $0 } })
    }

    package var determinant: Double {
        self[0, 0] * (self[1, 1] * self[2, 2] - self[1, 2] * self[2, 1])
            - self[0, 1] * (self[1, 0] * self[2, 2] - self[1, 2] * self[2, 0])
            + self[0, 2] * (self[1, 0] * self[2, 1] - self[1, 1] * self[2, 0])
    }

    package var transposed: Matrix3 {
        Matrix3(rows: [[self[0, 0], self[1, 0], self[2, 0]],
                       [self[0, 1], self[1, 1], self[2, 1]],
                       [self[0, 2], self[1, 2], self[2, 2]]])
    }

    package init(from decoder: any Decoder) throws {
        let rows = try decoder.singleValueContainer().decode([[Double]].self)
        guard rows.count == 3, rows.allSatisfy({ $0.count == 3 }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a 3×3 matrix needs 3 rows of 3 numbers"))
        }
        self.init(rows: rows)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rows)
    }
}
