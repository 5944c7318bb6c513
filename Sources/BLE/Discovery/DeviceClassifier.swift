/// Says which kind of device a discovered one is, by the same rules selection uses.
///
/// Why the same rules: `wayfinder scan` should call "belt" exactly what the belt actor would be
/// willing to connect to. Rules are tried in order; the first match wins.
package struct DeviceClassifier: Sendable, Hashable {
    package var rules: [Entry]

    package struct Entry: Sendable, Hashable {
        package var kind: DeviceKind
        package var rule: DiscoveryRule

        package init(kind: DeviceKind, rule: DiscoveryRule) {
            self.kind = kind
            self.rule = rule
        }
    }

    package init(rules: [Entry]) {
        self.rules = rules
    }

    /// The default rules of each kind: belt, then touch case, then pencil.
    package static let standard = DeviceClassifier(rules: [
        Entry(kind: .belt, rule: .belt),
        Entry(kind: .touchCase, rule: .touchCase),
        Entry(kind: .pencil, rule: .pencil),
    ])

    package func kind(of device: DiscoveredDevice) -> DeviceKind {
        rules.first { $0.rule.matches(device) }?.kind ?? .unknown
    }

    /// The kind by the default rules (`standard`).
    package static func kind(of device: DiscoveredDevice) -> DeviceKind {
        standard.kind(of: device)
    }
}
