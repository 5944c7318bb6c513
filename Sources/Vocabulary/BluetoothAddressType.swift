/// Which kind of address a peer uses; the kernel needs it to reach an LE device.
///
/// Values as the kernel numbers them in `bdaddr_type` and in mgmt events: `BDADDR_BREDR 0`,
/// `BDADDR_LE_PUBLIC 1`, `BDADDR_LE_RANDOM 2` (BlueZ `bluetooth.h`; mgmt-api.txt, "Device Found
/// Event"). Connecting with the wrong LE type times out, so discovery keeps the type it saw next
/// to the address.
package enum BluetoothAddressType: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case bredr = 0
    case lePublic = 1
    case leRandom = 2

    /// "public", "random" or "BR/EDR", as `wayfinder scan` prints it.
    package var description: String {
        switch self {
        case .bredr: return "BR/EDR"
        case .lePublic: return "public"
        case .leRandom: return "random"
        }
    }
}
