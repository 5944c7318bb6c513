import BLE
import Vocabulary

/// Which case to connect to, as FuffrLib chooses it (`FFRTouchManager.m`, `FFRBLEManager.m`): the first
/// device whose name contains "Fuffr" or "Neonode" opens a 1 s window, the strongest RSSI in it
/// wins (`DeviceSelector` with `DiscoveryRule.touchCase`) — or a fixed address. After that first
/// choice FuffrLib only ever reconnects to the same peripheral, so from then on the rule is that
/// address: another case switched on nearby is never picked up mid-walk.
///
/// Sans-I/O: fed merged discovery updates and session time, like `DeviceSelector`.
package struct TouchCaseDiscovery: Sendable {
    package private(set) var selector: DeviceSelector
    /// The case chosen first; every later connection goes to it.
    package private(set) var remembered: DiscoveredDevice?

    /// - Parameter rule: `DiscoveryRule.touchCase`, or the configured `[devices.touch_case]` rule.
    package init(rule: DiscoveryRule = .touchCase) {
        selector = DeviceSelector(rule: rule)
    }

    /// The rule the next search uses.
    package var rule: DiscoveryRule { selector.rule }

    /// A report; returns the case chosen by it, if this call chose one.
    package mutating func consider(_ device: DiscoveredDevice, now: Duration) -> DiscoveredDevice? {
        remember(selector.consider(device, now: now))
    }

    /// Closes the window when due; returns the case chosen then.
    package mutating func poll(now: Duration) -> DiscoveredDevice? {
        remember(selector.poll(now: now))
    }

    /// Remembers a case chosen elsewhere (a scan that applied `rule` itself); the first one sticks.
    package mutating func remember(_ device: DiscoveredDevice) {
        if remembered == nil { remembered = device }
    }

    /// Starts a new search for the next connection: for the remembered case only, once there is one.
    package mutating func searchAgain() {
        if let remembered {
            selector = DeviceSelector(rule: DiscoveryRule(address: remembered.address, selectionWindow: .zero))
        } else {
            selector.reset()
        }
    }

    private mutating func remember(_ chosen: DiscoveredDevice?) -> DiscoveredDevice? {
        if let chosen { remember(chosen) }
        return chosen
    }
}
