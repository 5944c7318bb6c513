/// What we think a discovered device is.
package enum DeviceKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case belt
    case touchCase = "touch_case"
    case pencil
    case unknown

    /// "touch case" for people; `rawValue` ("touch_case", as in `[devices.touch_case]`) for JSON.
    package var description: String {
        switch self {
        case .belt: return "belt"
        case .touchCase: return "touch case"
        case .pencil: return "pencil"
        case .unknown: return "unknown"
        }
    }
}
