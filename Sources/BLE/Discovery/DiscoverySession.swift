import Vocabulary

/// The decisions of an LE scan on one adapter, apart from the socket: when to (re)start and stop
/// discovery, and what every mgmt event means for the devices seen.
///
/// The rules, from the kernel's mgmt code (docs/ble.md, "Coexistence with bluetoothd"):
/// - Start Discovery answering **Busy** means another client (usually bluetoothd) is discovering.
///   Its Device Found events reach every trusted control socket, ours included, so the scan goes on
///   listening, and asks again every `retryInterval` and whenever a Discovering event says that
///   discovery ended.
/// - The kernel ends an LE discovery by itself after about 10 s (`DISCOV_LE_TIMEOUT`, 10240 ms); a
///   Discovering event with discovering = 0 then starts it again while the scan should go on.
/// - Stop Discovery is only sent for a discovery this session started: the kernel does not check
///   who started one, so stopping "theirs" would stop bluetoothd's.
/// - Powered off, adapter removed, permission denied: the scan fails with a reason.
///
/// Sans-I/O: fed command results, events and `now`; returns actions for the actor to perform.
package struct DiscoverySession: Sendable {
    package enum Action: Sendable, Equatable {
        case startDiscovery
        case stopDiscovery
        /// A device was seen; this is its merged state now.
        case deviceUpdated(DiscoveredDevice)
        /// Something worth a log line, not a failure.
        case note(String)
        /// The scan cannot go on.
        case fail(BLEManagementError)
    }

    package enum State: Sendable, Hashable {
        case idle
        /// Start Discovery sent, its answer not yet in.
        case starting
        /// The kernel is discovering because we asked.
        case ours
        /// Someone else's discovery is running (we got Busy); we listen.
        case theirs
        case finished
    }

    package let controllerIndex: UInt16
    package let adapterName: String
    package let addressTypes: DiscoveryAddressTypes
    package let retryInterval: Duration
    package private(set) var state: State = .idle
    package private(set) var devices = DiscoveredDevices()
    /// When to try Start Discovery again while someone else's discovery runs.
    package private(set) var retryAt: Duration?

    package init(controllerIndex: UInt16, adapterName: String? = nil, addressTypes: DiscoveryAddressTypes = .le,
                retryInterval: Duration = .seconds(5)) {
        self.controllerIndex = controllerIndex
        self.adapterName = adapterName ?? "hci\(controllerIndex)"
        self.addressTypes = addressTypes
        self.retryInterval = retryInterval
    }

    package mutating func begin(now: Duration) -> [Action] {
        guard state == .idle else { return [] }
        state = .starting
        return [.startDiscovery]
    }

    /// The kernel's answer to our Start Discovery.
    package mutating func startFinished(_ status: ManagementStatus, now: Duration) -> [Action] {
        guard state == .starting else { return [] }
        switch status {
        case .success:
            state = .ours
            retryAt = nil
            return []
        case .busy:
            let wasTheirs = retryAt != nil
            state = .theirs
            retryAt = now + retryInterval
            return wasTheirs ? [] : [.note("another program (bluetoothd?) is already discovering on \(adapterName); "
                                           + "listening to its results")]
        case .notPowered:
            state = .finished
            return [.fail(.poweredOff(adapter: adapterName))]
        case .permissionDenied:
            state = .finished
            return [.fail(.permissionDenied(operation: "start discovery on \(adapterName)"))]
        case .invalidIndex:
            state = .finished
            return [.fail(.adapterRemoved(adapter: adapterName))]
        default:
            state = .finished
            return [.fail(.commandFailed(operation: "Start Discovery on \(adapterName)", status: status))]
        }
    }

    /// One event from the management socket.
    package mutating func handle(_ frame: ManagementEventFrame, now: Duration) -> [Action] {
        guard state != .finished, frame.controllerIndex == controllerIndex else { return [] }
        switch frame.event {
        case let .deviceFound(event):
            // BR/EDR results of someone else's interleaved discovery are no LE peripherals.
            guard event.addressType != .bredr else { return [] }
            return [.deviceUpdated(devices.record(DiscoveryReport(event, at: now)))]
        case let .discovering(_, isDiscovering):
            if isDiscovering {
                if state == .idle { state = .theirs; retryAt = now + retryInterval }
                return []
            }
            guard state == .ours || state == .theirs || state == .idle else { return [] }
            state = .starting
            return [.startDiscovery]
        case let .newSettings(settings) where !settings.contains(.powered):
            state = .finished
            return [.fail(.poweredOff(adapter: adapterName))]
        case .indexRemoved:
            state = .finished
            return [.fail(.adapterRemoved(adapter: adapterName))]
        case let .controllerError(code):
            return [.note("\(adapterName) reported controller error 0x\(String(code, radix: 16))")]
        default:
            return []
        }
    }

    /// Time passing: retry Start Discovery while someone else's discovery holds the adapter.
    package mutating func tick(now: Duration) -> [Action] {
        guard state == .theirs, let retryAt, now >= retryAt else { return [] }
        state = .starting
        return [.startDiscovery]
    }

    /// The scan is over: stop discovery if it is ours.
    package mutating func finish() -> [Action] {
        let owned = state == .ours
        state = .finished
        retryAt = nil
        return owned ? [.stopDiscovery] : []
    }
}
