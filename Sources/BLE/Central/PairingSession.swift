/// The decisions of one Pair Device, as a plain value fed the kernel's events: which confirmation
/// requests to answer and how, which keys to keep, and what the final status means.
/// `BLEPairing` does the I/O.
///
/// Why we answer the confirmation at all: the kernel asks user space to confirm every Just Works
/// pairing, also one this host started, and SMP waits for the answer until its 30 s timer ends the
/// pairing (`tk_request`, `smp_cmd_pairing_random` in net/bluetooth/smp.c, Debian 12's 6.1 kernel).
/// We accept only a Just Works request (Confirm_Hint 1) for the peer and adapter we asked to pair
/// with, while our Pair Device is outstanding: the person running `wayfinder pair` asked for exactly
/// this pairing, which is what the confirmation stands for (bluetoothd accepts in the same case, a
/// pairing its client asked for: `device_confirm_passkey` in BlueZ's src/device.c). A numeric
/// comparison (Confirm_Hint 0) needs a display we do not have, so it is declined.
package struct PairingSession: Sendable {
    package enum Action: Sendable, Hashable {
        /// Send User Confirmation Reply for this peer.
        case confirm(ManagementAddress)
        /// Send User Confirmation Negative Reply for this peer.
        case decline(ManagementAddress)
    }

    package let controllerIndex: UInt16
    package let adapterName: String
    /// The address we asked to pair with (possibly a resolvable private one).
    package let target: ManagementAddress
    /// How to put the device into pairing mode, for the error messages.
    package let hint: String
    /// The peer's identity: `target` until the peer hands out its IRK.
    package private(set) var identity: ManagementAddress
    /// Keys that came without a store hint: the peer did not bond.
    package private(set) var temporaryKeys = 0
    package private(set) var declinedComparison = false
    private var longTermKeys: [LongTermKey] = []
    private var identityResolvingKey: IdentityResolvingKey?

    package init(controllerIndex: UInt16, adapterName: String, target: ManagementAddress, hint: String) {
        self.controllerIndex = controllerIndex
        self.adapterName = adapterName
        self.target = target
        self.hint = hint
        identity = target
    }

    /// One event from the kernel; anything about another adapter or peer is none of ours.
    package mutating func handle(_ frame: ManagementEventFrame) -> [Action] {
        guard frame.controllerIndex == controllerIndex else { return [] }
        switch frame.event {
        case let .userConfirmationRequest(request) where isOurs(request.peer):
            if request.isJustWorks { return [.confirm(request.peer)] }
            declinedComparison = true
            return [.decline(request.peer)]
        case let .newIdentityResolvingKey(storeHint, randomAddress, key)
            where isOurs(key.peer) || (randomAddress == target.address && target.type == .leRandom):
            // From now on the kernel names the peer by its identity (mgmt-api.txt, "New Identity
            // Resolving Key Event"); the LTKs that follow carry it.
            identity = key.peer
            if storeHint { identityResolvingKey = key } else { temporaryKeys += 1 }
        case let .newLongTermKey(storeHint, key) where isOurs(key.peer):
            if storeHint { longTermKeys.append(key) } else { temporaryKeys += 1 }
        default:
            break
        }
        return []
    }

    /// What the Pair Device answer means. `returnParameters` names the peer's identity on success.
    package func finish(status: ManagementStatus, returnParameters: [UInt8]) -> Result<PairingOutcome, BLEPairingError> {
        switch status {
        case .success:
            let peer = (try? ManagementReply.address(returnParameters)) ?? identity
            let keys = longTermKeys.filter { $0.peer == peer }
            let irk = identityResolvingKey.flatMap { $0.peer == peer ? $0 : nil }
            let bond = keys.isEmpty ? nil : Bond(peer: peer, longTermKeys: keys, identityResolvingKey: irk)
            return .success(PairingOutcome(peer: peer, bond: bond))
        case .alreadyPaired:
            return .failure(.alreadyPaired(peer: target))
        case .authenticationFailed:
            if declinedComparison { return .failure(.numericComparisonRequired(peer: target)) }
            return .failure(.refused(peer: target, hint: hint))
        case .connectFailed, .timeout:
            return .failure(.unreachable(peer: target, status: status, hint: hint))
        case .disconnected, .failed, .notConnected:
            if declinedComparison { return .failure(.numericComparisonRequired(peer: target)) }
            return .failure(.interrupted(peer: target, status: status, hint: hint))
        case .notSupported:
            return .failure(.notSupported(peer: target, adapter: adapterName))
        case .busy:
            return .failure(.busy(peer: target))
        case .rejected:
            return .failure(.rejected(peer: target, adapter: adapterName, hint: hint))
        case .notPowered:
            return .failure(.management(.poweredOff(adapter: adapterName)))
        case .permissionDenied:
            return .failure(.management(.permissionDenied(operation: "pair with \(target)")))
        default:
            return .failure(.failed(operation: "Pair Device with \(target) on \(adapterName)", status: status))
        }
    }

    private func isOurs(_ peer: ManagementAddress) -> Bool {
        peer == target || peer == identity
    }
}
