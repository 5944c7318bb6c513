/// `FTPenManagerState` with the SDK's raw values (FiftyThree SDK, `FTPenManager.h`).
package enum PenManagerState: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case uninitialized = 0
    case unpaired = 1
    case seeking = 2
    case connecting = 3
    case connected = 4
    case connectedLongPressToUnpair = 5
    case disconnected = 6
    case disconnectedLongPressToUnpair = 7
    case reconnecting = 8
    case updatingFirmware = 9

    /// `FTPenManagerStateIsConnected`: the pen is linked and usable.
    package var isConnected: Bool { [.connected, .connectedLongPressToUnpair, .updatingFirmware].contains(self) }
    /// `FTPenManagerStateIsDisconnected`: paired, but the link is down.
    package var isDisconnected: Bool { [.disconnected, .disconnectedLongPressToUnpair, .reconnecting].contains(self) }

    package var description: String {
        switch self {
        case .uninitialized: "uninitialized"
        case .unpaired: "unpaired"
        case .seeking: "seeking"
        case .connecting: "connecting"
        case .connected: "connected"
        case .connectedLongPressToUnpair: "connected, long press to unpair"
        case .disconnected: "disconnected"
        case .disconnectedLongPressToUnpair: "disconnected, long press to unpair"
        case .reconnecting: "reconnecting"
        case .updatingFirmware: "updating firmware"
        }
    }
}
