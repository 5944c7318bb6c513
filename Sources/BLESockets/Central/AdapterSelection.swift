import Platform

/// Which adapter to use, from what Read Controller Index List and Read Controller Information said.
///
/// - A requested adapter ("hci1", "1", or its address "AA:BB:CC:DD:EE:FF") must exist; otherwise the
///   error lists the ones that do.
/// - Without a request: the first LE-capable adapter that is powered with LE on, else the first
///   powered one, else the first LE-capable one.
/// - A powered-off adapter, or one with LE off, is an error unless `power` allows switching it on:
///   nothing is powered without being asked.
package enum AdapterSelection {
    package static func choose(requested: String?, controllers: [(index: UInt16, information: ControllerInformation)],
                              power: Bool) throws(BLEManagementError) -> AdapterChoice {
        let sorted = controllers.sorted { $0.index < $1.index }
        let available = sorted.map { "hci\($0.index)" }
        let entry: (index: UInt16, information: ControllerInformation)
        if let requested {
            guard let match = find(requested, in: sorted) else {
                throw .adapterNotFound(name: requested, available: available)
            }
            entry = match
        } else {
            guard !sorted.isEmpty else { throw .noAdapter }
            let capable = sorted.filter { $0.information.supportsLowEnergy }
            guard let best = capable.first(where: { $0.information.isPowered && $0.information.isLowEnergyEnabled })
                ?? capable.first(where: { $0.information.isPowered }) ?? capable.first else {
                throw .notLowEnergyCapable(adapter: available.joined(separator: ", "))
            }
            entry = best
        }
        let name = "hci\(entry.index)"
        let information = entry.information
        guard information.supportsLowEnergy else { throw .notLowEnergyCapable(adapter: name) }
        if !information.isPowered && !power { throw .poweredOff(adapter: name) }
        if !information.isLowEnergyEnabled && !power { throw .lowEnergyDisabled(adapter: name) }
        return AdapterChoice(index: entry.index, information: information,
                             needsPowerOn: !information.isPowered, needsLowEnergy: !information.isLowEnergyEnabled)
    }

    private static func find(_ requested: String, in controllers: [(index: UInt16, information: ControllerInformation)])
        -> (index: UInt16, information: ControllerInformation)? {
        if let address = BluetoothAddress(string: requested) {
            return controllers.first { $0.information.address == address }
        }
        var digits = Substring(requested)
        if digits.hasPrefix("hci") { digits = digits.dropFirst(3) }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let index = UInt16(digits) else { return nil }
        return controllers.first { $0.index == index }
    }
}
