import BLE

/// How the pencil actor reaches pens: scanning for pen advertisements and opening a GATT link to one.
/// On a Pi this is the kernel's management interface and an L2CAP ATT connector; on the simulated
/// board and in tests, the Pencil simulator over a socketpair.
package protocol PenRadio: Sendable {
    /// Pen advertisements while scanning is on (already reduced to `PenAdvertisement`).
    var advertisements: AsyncStream<PenAdvertisement> { get }
    func setScanning(_ on: Bool) async
    /// A connector to one pen (by the `peripheral` of its advertisement).
    func connector(for pen: String) -> any GATTConnector
}
