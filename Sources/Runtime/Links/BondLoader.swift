import BLESockets
import Logging
import Platform

/// Gives the kernel the bonds `wayfinder pair` stored, once per connector (until it succeeds), on a
/// host without bluetoothd.
///
/// Why only without bluetoothd: Load Long Term Keys replaces every key the kernel holds for the
/// adapter (mgmt.c `load_long_term_keys`), and bluetoothd loads its own list at start
/// (src/adapter.c `load_ltks`); where it runs, it keeps the keys and we must not overwrite them.
actor BondLoader {
    let store: BondStore
    let adapter: String
    let adapterAddress: BluetoothAddress
    let logger: Logger
    private var done = false

    init(store: BondStore, adapter: String, adapterAddress: BluetoothAddress, logger: Logger) {
        self.store = store
        self.adapter = adapter
        self.adapterAddress = adapterAddress
        self.logger = logger
    }

    /// Loads the adapter's stored bonds unless bluetoothd runs. Problems are logged, not thrown: the
    /// connection attempt that follows says whether the link can be encrypted, and the next attempt
    /// tries again (an adapter still powering up at boot, say).
    func loadOnce() async {
        guard !done else { return }
        if BluetoothDaemon.isRunning() {
            logger.debug("bluetoothd runs: it gives the kernel its stored keys; \(store.path) is not loaded")
            return
        }
        let bonds: [Bond]
        do { bonds = try store.bonds(adapter: adapterAddress) } catch {
            logger.warning("\(error)")
            return
        }
        guard !bonds.isEmpty else {
            logger.notice("no bonds stored for \(adapter) (\(adapterAddress)) in \(store.path)")
            done = true
            return
        }
        do {
            try await BLEPairing.load(bonds, adapter: adapter, logger: logger)
            done = true
        } catch {
            logger.warning("could not give the kernel the stored bonds: \(error)")
        }
    }
}
