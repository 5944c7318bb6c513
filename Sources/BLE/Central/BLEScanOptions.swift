/// How `BLEScanner` scans.
package struct BLEScanOptions: Sendable, Hashable {
    /// "hci0", "0" or the adapter's address; nil: the first powered LE adapter.
    package var adapter: String?
    /// Switch the adapter (and LE) on if it is off. Off by default: a scan changes nothing unasked.
    package var power: Bool
    /// How often to ask again for discovery while another program's discovery holds the adapter.
    package var retryInterval: Duration
    package var commandTimeout: Duration

    package init(adapter: String? = nil, power: Bool = false, retryInterval: Duration = .seconds(5),
                commandTimeout: Duration = .seconds(10)) {
        self.adapter = adapter
        self.power = power
        self.retryInterval = retryInterval
        self.commandTimeout = commandTimeout
    }
}
