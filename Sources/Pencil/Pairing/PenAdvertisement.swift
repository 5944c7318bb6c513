import BLE

/// One advertising report of a device offering the Pen service, reduced to what the pairing model
/// needs (`FTPenManager.mm`): who it is, its name, and which host it is trying to get back to.
package struct PenAdvertisement: Sendable, Hashable {
    /// A stable handle on the peripheral: the Bluetooth address on Linux (the iOS peripheral UUID's role).
    package var peripheral: String
    package var name: String?
    /// The central ID the pen advertises; 0 = free to pair.
    package var reconcilingCentral: UInt32

    package init(peripheral: String, name: String?, reconcilingCentral: UInt32) {
        self.peripheral = peripheral
        self.name = name
        self.reconcilingCentral = reconcilingCentral
    }

    /// From a parsed advertisement (and scan response, merged by the caller). nil when it does not
    /// offer the Pen service, or carries manufacturer data of a length the SDK does not know.
    package init?(peripheral: String, data: AdvertisingData) {
        guard data.serviceUUIDs.contains(PenCharacteristic.penService) else { return nil }
        // A missing manufacturer data structure reads as 0, as the SDK's release build treats it.
        guard let id = PenCentralID.parseAdvertised(data.manufacturerData.first?.bytes ?? []) else { return nil }
        self.init(peripheral: peripheral, name: data.localName, reconcilingCentral: id)
    }

    /// Not reconciling with any host: a pen another host may take.
    package var isFree: Bool { reconcilingCentral == PenCentralID.notReconciling }

    /// Reconciling with the host whose ID is `own`, or with any host (v55's `0x01`).
    package func isReconciling(with own: UInt32) -> Bool {
        reconcilingCentral == own || reconcilingCentral == PenCentralID.legacy
    }
}
