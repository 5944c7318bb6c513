/// A command's outcome as the kernel reported it: its status and, on Command Complete, the
/// return parameters (mgmt-api.txt, "Command Complete Event", "Command Status Event").
package struct ManagementCommandReply: Sendable, Hashable {
    package var status: ManagementStatus
    package var parameters: [UInt8]

    package init(status: ManagementStatus, parameters: [UInt8] = []) {
        self.status = status
        self.parameters = parameters
    }
}
