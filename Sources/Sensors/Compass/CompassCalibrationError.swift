/// Why samples could not be fitted, phrased as what the wearer should do.
package enum CompassCalibrationError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooFewSamples(have: Int, need: Int)
    /// The samples do not describe an ellipse/ellipsoid (all in one spot, on a line, or noise
    /// larger than the field).
    case degenerate(String)
    /// The wearer has not turned all the way round: only `degrees` of the circle were seen.
    case incompleteTurn(degrees: Int)

    package var description: String {
        switch self {
        case let .tooFewSamples(have, need):
            return "only \(have) compass samples, at least \(need) needed: keep turning slowly"
        case let .incompleteTurn(degrees):
            return "the turn covered only \(degrees)° of the circle: turn slowly all the way round, once or twice"
        case let .degenerate(reason):
            return "the compass samples cannot be fitted (\(reason)): turn a full circle slowly, away from steel and magnets"
        }
    }
}
