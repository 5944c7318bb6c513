/// Names an operation an owner submitted (`GATTDeviceDriver.submit`), so its result can be handed back.
package struct GATTRequestID: Sendable, Hashable, CustomStringConvertible {
    package let rawValue: Int
    package init(_ rawValue: Int) { self.rawValue = rawValue }
    package var description: String { "#\(rawValue)" }
}
