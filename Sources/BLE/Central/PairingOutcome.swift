/// How a successful Pair Device ended.
package struct PairingOutcome: Sendable, Hashable {
    /// The peer as the kernel now knows it: its identity address when it shared an IRK.
    package var peer: ManagementAddress
    /// The keys to keep, or nil when the link was encrypted but the peer did not bond (no key came
    /// with a store hint): the next connection at security medium would pair again.
    package var bond: Bond?

    package init(peer: ManagementAddress, bond: Bond?) {
        self.peer = peer
        self.bond = bond
    }
}
