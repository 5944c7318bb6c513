import BLE
import Platform

/// The simulated belt heard as a scan would hear it (`BeltPeripheralHost.listener(clock:)`).
struct BeltHostListener: AdvertisementListener {
    let host: BeltPeripheralHost
    let clock: SessionClock

    func heard(within window: Duration) async -> Bool {
        await host.countWindow()
        let end = clock.elapsed + window
        while true {
            if await host.advertises { return true }
            let now = clock.elapsed
            guard now < end else { return false }
            do { try await clock.sleep(for: min(.milliseconds(250), end - now)) } catch { return false }
        }
    }
}
