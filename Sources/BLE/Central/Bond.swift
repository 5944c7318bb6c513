/// What a pairing leaves behind for one peer: the keys the kernel handed out with a store hint.
///
/// The kernel keeps keys only in memory (`hdev->long_term_keys`, `hdev->identity_resolving_keys`);
/// whoever wants a bond to outlive a reboot must keep these and load them back with Load Long Term
/// Keys and Load Identity Resolving Keys (docs/ble.md, "Pairing").
public struct Bond: Sendable, Hashable {
    /// The peer's identity address (public or static random), which the keys are stored under.
    public var peer: ManagementAddress
    /// Legacy pairing distributes one key per role; LE Secure Connections one key for both.
    public var longTermKeys: [LongTermKey]
    /// Present when the peer uses resolvable private addresses and shared its IRK.
    public var identityResolvingKey: IdentityResolvingKey?

    public init(peer: ManagementAddress, longTermKeys: [LongTermKey], identityResolvingKey: IdentityResolvingKey? = nil) {
        self.peer = peer
        self.longTermKeys = longTermKeys
        self.identityResolvingKey = identityResolvingKey
    }
}
