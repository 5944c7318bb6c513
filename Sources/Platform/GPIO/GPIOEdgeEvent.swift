/// One edge on one requested line, as the kernel timestamped it.
package struct GPIOEdgeEvent: Sendable, Hashable, CustomStringConvertible {
    /// The line's offset on its chip (on a Pi header chip: the BCM GPIO number).
    package var offset: UInt32
    package var edge: GPIOEdge
    /// Kernel event time since the clock's epoch. The shim asks for `CLOCK_MONOTONIC`
    /// (v2 explicitly; v1 kernels use it since Linux 5.7, commit f8850206), so it is
    /// comparable with `ContinuousClock`-style monotonic readings, not wall time.
    package var timestamp: Duration

    package init(offset: UInt32, edge: GPIOEdge, timestamp: Duration) {
        self.offset = offset
        self.edge = edge
        self.timestamp = timestamp
    }

    package var description: String {
        "line \(offset) \(edge) at \(timestamp)"
    }
}
