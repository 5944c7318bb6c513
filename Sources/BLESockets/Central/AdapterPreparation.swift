/// Reads the adapters through mgmt, chooses one (`AdapterSelection`), and switches LE and power on
/// when, and only when, the caller allowed it.
enum AdapterPreparation {
    static func prepare(_ client: ManagementClient, requested: String?, power: Bool) async throws(BLEManagementError) -> AdapterChoice {
        let listOperation = "read the Bluetooth adapter list"
        let listReply = try await client.run(.readIndexList, index: ManagementIndex.none, operation: listOperation)
        let indexes: [UInt16]
        do { indexes = try ManagementReply.indexList(listReply) } catch { throw .malformedReply(operation: listOperation, error) }
        var controllers: [(index: UInt16, information: ControllerInformation)] = []
        for index in indexes {
            let operation = "read information of hci\(index)"
            let reply = try await client.send(.readControllerInformation, index: index)
            // An adapter removed between the two commands is simply not there.
            if reply.status == .invalidIndex { continue }
            guard reply.status == .success else {
                if reply.status == .permissionDenied { throw .permissionDenied(operation: operation) }
                throw .commandFailed(operation: operation, status: reply.status)
            }
            do {
                controllers.append((index, try ControllerInformation(returnParameters: reply.parameters)))
            } catch {
                throw .malformedReply(operation: operation, error)
            }
        }
        var choice = try AdapterSelection.choose(requested: requested, controllers: controllers, power: power)
        if choice.needsLowEnergy {
            let settings = try await setting(.setLowEnergy(true), on: choice, client: client, operation: "switch LE on on \(choice.name)")
            choice.information.currentSettings = settings
            choice.needsLowEnergy = false
        }
        if choice.needsPowerOn {
            let settings = try await setting(.setPowered(true), on: choice, client: client, operation: "power on \(choice.name)")
            guard settings.contains(.powered) else { throw .poweredOff(adapter: choice.name) }
            choice.information.currentSettings = settings
            choice.needsPowerOn = false
        }
        return choice
    }

    private static func setting(_ command: ManagementCommand, on choice: AdapterChoice, client: ManagementClient,
                                operation: String) async throws(BLEManagementError) -> ControllerSettings {
        let parameters = try await client.run(command, index: choice.index, operation: operation)
        do { return try ManagementReply.settings(parameters) } catch { throw .malformedReply(operation: operation, error) }
    }
}
