/// Hears whether one device advertises, without connecting to it: how a link waits for a device the
/// wearer switched off to be switched on again, at a fraction of the radio time connection attempts
/// take (docs/ble.md, "The belt switched off").
package protocol AdvertisementListener: Sendable {
    /// Listens for up to `window` (a scan on a real adapter); true as soon as the device is heard,
    /// false when the window closed without it or the scan could not run.
    func heard(within window: Duration) async -> Bool
}
