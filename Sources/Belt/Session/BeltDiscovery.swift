import Vocabulary

/// Which advertisements are belts.
///
/// A belt advertises the control service FE51 (newer belts) or the legacy 128-bit UUID, and is named
/// `naviGuertel…`. The legacy UUID also shows up in unrelated products, so on Linux
/// both must hold when the name is known. A device whose name has not arrived yet (it travels in the
/// scan response) is accepted on its UUID, as FSLib-iOS does, and decided again once the name arrives.
package enum BeltDiscovery {
    package static let namePrefix = "naviGuertel"
    /// Android also accepts development devices named `vs…` (`BluetoothScanner.java`); we do not, so a bench
    /// device cannot be mistaken for a belt in the field.
    package static let advertisedServices: [BLEUUID] = [BeltService.control.uuid, BeltService.legacyAdvertisedUUID]

    /// - Parameters:
    ///   - name: the advertised local name, if seen yet.
    ///   - serviceUUIDs: the advertised service UUIDs.
    package static func isBelt(name: String?, serviceUUIDs: [BLEUUID]) -> Bool {
        let advertised = Set(serviceUUIDs)
        guard advertisedServices.contains(where: { advertised.contains($0) }) else { return false }
        guard let name else { return true }
        return name.lowercased().hasPrefix(namePrefix.lowercased())
    }

}
