/// What a pairing leaves behind for one peer: the keys the kernel handed out with a store hint.
///
/// The kernel keeps keys only in memory (`hdev->long_term_keys`, `hdev->identity_resolving_keys`);
/// whoever wants a bond to outlive a reboot must keep these and load them back with Load Long Term
/// Keys and Load Identity Resolving Keys (docs/ble.md, "Pairing").
package struct Bond: Sendable, Hashable {
    /// The peer's identity address (public or static random), which the keys are stored under.
    package var peer: ManagementAddress
    /// Legacy pairing distributes one key per role; LE Secure Connections one key for both.
    package var longTermKeys: [LongTermKey]
    /// Present when the peer uses resolvable private addresses and shared its IRK.
    package var identityResolvingKey: IdentityResolvingKey?

    package init(peer: ManagementAddress, longTermKeys: [LongTermKey], identityResolvingKey: IdentityResolvingKey? = nil) {
        self.peer = peer
        self.longTermKeys = longTermKeys
        self.identityResolvingKey = identityResolvingKey
    }
}
