/// What a finished scan saw, and on which adapter.
package struct BLEScanResult: Sendable, Hashable {
    package var adapter: AdapterChoice
    package var devices: DiscoveredDevices

    package init(adapter: AdapterChoice, devices: DiscoveredDevices) {
        self.adapter = adapter
        self.devices = devices
    }
}
