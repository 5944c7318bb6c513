/// A command's outcome as the kernel reported it: its status and, on Command Complete, the
/// return parameters (mgmt-api.txt, "Command Complete Event", "Command Status Event").
public struct ManagementCommandReply: Sendable, Hashable {
    public var status: ManagementStatus
    public var parameters: [UInt8]

    public init(status: ManagementStatus, parameters: [UInt8] = []) {
        self.status = status
        self.parameters = parameters
    }
}
