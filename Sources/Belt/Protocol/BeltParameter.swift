/// The basic parameters of FE05 (FSLib-iOS `FSBeltParameter`): read with `01 <pid>`, written with
/// `01 <pid|0x80> <value…>`, reported on FE06 as `01 <pid> <value…>`. Raw values are the wire IDs.
package enum BeltParameter: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case mode = 0x01
    case defaultIntensity = 0x02
    /// uint16 LE degrees 0–359 (FSLib-iOS `changeHeadingOffset`).
    case headingOffset = 0x03
    /// The advertised name, ASCII (pybelt `belt_controller.py`).
    case bleName = 0x04

    package var description: String {
        switch self {
        case .mode: "mode"
        case .defaultIntensity: "default intensity"
        case .headingOffset: "heading offset"
        case .bleName: "BLE name"
        }
    }
}
