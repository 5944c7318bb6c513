/// What a finished scan saw, and on which adapter.
public struct BLEScanResult: Sendable, Hashable {
    public var adapter: AdapterChoice
    public var devices: DiscoveredDevices

    public init(adapter: AdapterChoice, devices: DiscoveredDevices) {
        self.adapter = adapter
        self.devices = devices
    }
}
