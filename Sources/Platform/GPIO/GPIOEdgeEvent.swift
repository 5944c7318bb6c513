/// One edge on one requested line, as the kernel timestamped it.
public struct GPIOEdgeEvent: Sendable, Hashable, CustomStringConvertible {
    /// The line's offset on its chip (on a Pi header chip: the BCM GPIO number).
    public var offset: UInt32
    public var edge: GPIOEdge
    /// Kernel event time since the clock's epoch. The shim asks for `CLOCK_MONOTONIC`
    /// (v2 explicitly; v1 kernels use it since Linux 5.7, commit f8850206), so it is
    /// comparable with `ContinuousClock`-style monotonic readings, not wall time.
    public var timestamp: Duration

    public init(offset: UInt32, edge: GPIOEdge, timestamp: Duration) {
        self.offset = offset
        self.edge = edge
        self.timestamp = timestamp
    }

    public var description: String {
        "line \(offset) \(edge) at \(timestamp)"
    }
}
