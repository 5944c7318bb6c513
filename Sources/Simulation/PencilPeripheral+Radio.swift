import BLESockets
import Logging
import Pencil
import Platform
import Synchronization

extension GATTPeripheralHost where Model == PencilPeripheral {
    /// A radio that hears this simulated pen: while scanning, its advertisement every `interval` (when it
    /// advertises); connections over a fresh socketpair, real ATT PDUs both ways.
    package nonisolated func radio(clock: SessionClock, interval: Duration = .milliseconds(100), logger: Logger,
                                   executor: any ActorExecutor = EventLoop.preferred) -> some PenRadio {
        SimulatedPenRadio(host: self, clock: clock, interval: interval, logger: logger, executor: executor)
    }
}

private struct SimulatedPenRadio: PenRadio {
    let host: PencilPeripheralHost
    let clock: SessionClock
    let interval: Duration
    let logger: Logger
    /// Where the GATT client of a connection runs: the pencil actor's executor.
    let executor: any ActorExecutor
    let advertisements: AsyncStream<PenAdvertisement>
    private let sink: AsyncStream<PenAdvertisement>.Continuation
    /// The advertising task while scanning is on.
    private let scanning = Scanning()

    init(host: PencilPeripheralHost, clock: SessionClock, interval: Duration, logger: Logger, executor: any ActorExecutor) {
        self.host = host
        self.clock = clock
        self.interval = interval
        self.logger = logger
        self.executor = executor
        (advertisements, sink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(64))
    }

    func setScanning(_ on: Bool) async {
        let new: Task<Void, Never>? = on ? Task(executorPreference: host.executor) { [host, clock, interval, sink] in
            while !Task.isCancelled {
                if let ad = await host.advertisement { sink.yield(ad) }
                do { try await clock.sleep(for: interval) } catch { return }
            }
        } : nil
        scanning.task.withLock { task in
            task?.cancel()
            task = new
        }
    }

    private final class Scanning: Sendable {
        let task = Mutex<Task<Void, Never>?>(nil)
    }

    func connector(for pen: String) -> any GATTConnector {
        Connector(host: host, pen: pen, logger: logger, clock: clock, executor: executor)
    }

    private struct Connector: GATTConnector {
        let host: PencilPeripheralHost
        let pen: String
        let logger: Logger
        let clock: SessionClock
        let executor: any ActorExecutor

        func connect() async throws -> any GATTClient {
            guard pen == host.address, await host.advertisement != nil else {
                throw GATTError.unavailable("no pen \(pen) in range")
            }
            return try await host.connector(clock: clock, logger: logger, executor: executor).connect()
        }
    }
}
