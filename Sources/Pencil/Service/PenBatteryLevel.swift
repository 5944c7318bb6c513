/// `FTPenBatteryLevel` (FiftyThree SDK, `FTPenManager.h`), with the SDK's raw values.
package enum PenBatteryLevel: Int, Sendable, Hashable, CaseIterable {
    case unknown = 0
    case high = 1
    case mediumHigh = 2
    case mediumLow = 3
    case low = 4
    case criticallyLow = 5

    /// The band of a BatteryLevel percent: ≤ 10 critically low, ≤ 25 low, ≤ 50 medium-low,
    /// ≤ 75 medium-high, else high (`FTPenManager.mm`).
    package init(percent: UInt32) {
        switch percent {
        case ...10: self = .criticallyLow
        case ...25: self = .low
        case ...50: self = .mediumLow
        case ...75: self = .mediumHigh
        default: self = .high
        }
    }
}
