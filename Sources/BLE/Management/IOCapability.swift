/// What a side of a pairing can show or enter; SMP picks the association model from both sides'.
///
/// Values from mgmt-api.txt, "Set IO Capability Command" and "Pair Device Command". Wayfinder pairs
/// as `noInputNoOutput`: a headless Pi can neither show nor enter a passkey, and with it SMP uses
/// Just Works (the `gen_method`/`sc_method` tables in net/bluetooth/smp.c).
package enum IOCapability: UInt8, Sendable, Hashable, CaseIterable {
    case displayOnly = 0
    case displayYesNo = 1
    case keyboardOnly = 2
    case noInputNoOutput = 3
    case keyboardDisplay = 4
}
