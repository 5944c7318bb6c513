/// The controller index of a mgmt packet: which adapter ("hciN" is index N) it concerns.
///
/// `0xFFFF` is `<non-controller>`, for commands and events about no particular adapter
/// (mgmt-api.txt, "Packet Structures").
package enum ManagementIndex {
    package static let none: UInt16 = 0xFFFF
}
