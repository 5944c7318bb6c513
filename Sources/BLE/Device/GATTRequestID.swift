/// Names an operation an owner submitted (`GATTDeviceDriver.submit`), so its result can be handed back.
public struct GATTRequestID: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public var description: String { "#\(rawValue)" }
}
