/// The device model behind a `GATTServerConnection`: the simulated belt, case or pen.
package protocol GATTServerDelegate: Sendable {
    /// The value of a readable characteristic at the moment it is read; nil keeps the stored one.
    func read(_ characteristic: BLEUUID) async -> [UInt8]?
    /// A client wrote a value (already accepted by the server's permission checks).
    func written(_ characteristic: BLEUUID, value: [UInt8], withResponse: Bool) async
    /// A client switched notifications or indications.
    func subscriptionChanged(_ characteristic: BLEUUID, notify: Bool, indicate: Bool) async
    /// A request or command the server refused (answered with an error, or ignored).
    func refused(_ why: String) async
    /// The link ended (the central closed it, or it was lost).
    func disconnected(reason: String?) async
}
