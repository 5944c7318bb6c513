import BLESockets
import Logging
import Pencil
import Platform

extension GATTPeripheralHost where Model == PencilPeripheral {
    /// A radio that hears this simulated pen: while scanning, its advertisement every `interval` (when it
    /// advertises); connections over a fresh socketpair, real ATT PDUs both ways.
    package nonisolated func radio(clock: SessionClock, interval: Duration = .milliseconds(100), logger: Logger) -> some PenRadio {
        SimulatedPenRadio(host: self, clock: clock, interval: interval, logger: logger)
    }
}

private struct SimulatedPenRadio: PenRadio {
    let host: PencilPeripheralHost
    let clock: SessionClock
    let interval: Duration
    let logger: Logger
    let advertisements: AsyncStream<PenAdvertisement>
    private let sink: AsyncStream<PenAdvertisement>.Continuation
    private let scanner = ScanState()

    init(host: PencilPeripheralHost, clock: SessionClock, interval: Duration, logger: Logger) {
        self.host = host
        self.clock = clock
        self.interval = interval
        self.logger = logger
        (advertisements, sink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(64))
    }

    func setScanning(_ on: Bool) async {
        await scanner.set(on ? Task(executorPreference: host.executor) { [host, clock, interval, sink] in
            while !Task.isCancelled {
                if let ad = await host.advertisement { sink.yield(ad) }
                do { try await clock.sleep(for: interval) } catch { return }
            }
        } : nil)
    }

    func connector(for pen: String) -> any GATTConnector {
        Connector(host: host, pen: pen, logger: logger, clock: clock)
    }

    private actor ScanState {
        var task: Task<Void, Never>?
        func set(_ new: Task<Void, Never>?) {
            task?.cancel()
            task = new
        }
    }

    private struct Connector: GATTConnector {
        let host: PencilPeripheralHost
        let pen: String
        let logger: Logger
        let clock: SessionClock

        func connect() async throws -> any GATTClient {
            guard pen == host.address, await host.advertisement != nil else {
                throw GATTError.unavailable("no pen \(pen) in range")
            }
            return try await host.connector(clock: clock, logger: logger).connect()
        }
    }
}
