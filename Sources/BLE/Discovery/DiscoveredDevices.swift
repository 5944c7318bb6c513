/// Every device seen so far, one entry per address and address type, in order of first sighting.
package struct DiscoveredDevices: Sendable, Hashable {
    private var byID: [DiscoveredDevice.ID: DiscoveredDevice] = [:]
    private var order: [DiscoveredDevice.ID] = []

    package init() {}

    /// Merges `report` into its device and returns the device as it now stands.
    @discardableResult
    package mutating func record(_ report: DiscoveryReport) -> DiscoveredDevice {
        let id = DiscoveredDevice.ID(address: report.address, addressType: report.addressType)
        if var device = byID[id] {
            device.merge(report)
            byID[id] = device
            return device
        }
        let device = DiscoveredDevice(report)
        byID[id] = device
        order.append(id)
        return device
    }

    package subscript(id: DiscoveredDevice.ID) -> DiscoveredDevice? { byID[id] }

    package var count: Int { order.count }

    /// In order of first sighting.
    package var all: [DiscoveredDevice] { order.compactMap { byID[$0] } }

    /// Strongest RSSI first (no RSSI last), then by first sighting.
    package var byStrength: [DiscoveredDevice] {
        all.enumerated().sorted { lhs, rhs in
            let l = lhs.element.rssi.map(Int.init) ?? Int.min
            let r = rhs.element.rssi.map(Int.init) ?? Int.min
            return l != r ? l > r : lhs.offset < rhs.offset
        }.map(\.element)
    }
}
