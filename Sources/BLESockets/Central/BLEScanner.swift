import Logging
import Platform

/// LE discovery through the kernel's management interface (docs/ble.md).
///
/// The kernel chooses legacy or extended scan commands and merges scan responses into each Device
/// Found event; `DiscoverySession` decides when to start, restart and stop; this type does the I/O:
/// it opens the management socket, picks the adapter, and feeds the session events and time.
/// Discovery is stopped when the scan ends for any reason: its duration, an error, the task being
/// cancelled, or the consumer of `updates` going away.
package enum BLEScanner {
    /// How often the scan wakes without events, to retry discovery and notice the end of `duration`.
    static let tickInterval: Duration = .milliseconds(250)

    /// Scans for `duration` and returns every device seen, strongest first. What the rig and
    /// `wayfinder scan` call.
    package static func scan(adapter: String? = nil, for duration: Duration, power: Bool = false,
                            logger: Logger = Logger(label: "ble")) async throws(BLEManagementError) -> [DiscoveredDevice] {
        let client = try ManagementClient.open(logger: logger)
        let result = try await scan(client: client, options: BLEScanOptions(adapter: adapter, power: power),
                                    for: duration, clock: .continuous(), logger: logger)
        return result.devices.byStrength
    }

    /// Scans for `duration` over `client`, which is closed afterwards.
    package static func scan(client: ManagementClient, options: BLEScanOptions, for duration: Duration,
                            clock: SessionClock, logger: Logger) async throws(BLEManagementError) -> BLEScanResult {
        let end = clock.elapsed + duration
        return try await run(client: client, options: options, clock: clock, logger: logger, until: end) { _ in true }
    }

    /// Every update of every device, until the consumer stops iterating (which stops discovery) or
    /// the scan fails. The scan runs on `executor`, and so does the client it opens.
    package static func updates(options: BLEScanOptions = BLEScanOptions(), clock: SessionClock = .continuous(),
                               logger: Logger = Logger(label: "ble"),
                               client makeClient: (@Sendable () throws(BLEManagementError) -> ManagementClient)? = nil,
                               executor: any ActorExecutor = EventLoop.preferred)
        -> AsyncThrowingStream<DiscoveredDevice, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: DiscoveredDevice.self, throwing: (any Error).self)
        let task = Task(executorPreference: executor) {
            do throws(BLEManagementError) {
                let client: ManagementClient
                if let makeClient {
                    client = try makeClient()
                } else {
                    client = try ManagementClient.open(commandTimeout: options.commandTimeout, logger: logger, executor: executor)
                }
                _ = try await run(client: client, options: options, clock: clock, logger: logger, until: nil) { device in
                    if case .terminated = continuation.yield(device) { return false }
                    return true
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private enum Input: Sendable {
        case frame(ManagementEventFrame)
        case tick
        case ended(BLEManagementError)
    }

    /// The scan loop: prepare the adapter, run the session until `end`, cancellation, a failure or
    /// `onUpdate` returning false; then stop our discovery and close the client.
    static func run(client: ManagementClient, options: BLEScanOptions, clock: SessionClock, logger: Logger,
                    until end: Duration?,
                    onUpdate: @Sendable (DiscoveredDevice) -> Bool) async throws(BLEManagementError) -> BLEScanResult {
        let choice: AdapterChoice
        do throws(BLEManagementError) {
            choice = try await AdapterPreparation.prepare(client, requested: options.adapter, power: options.power)
        } catch {
            await client.close()
            throw error
        }
        var session = DiscoverySession(controllerIndex: choice.index, adapterName: choice.name,
                                       retryInterval: options.retryInterval)
        let events = await client.events()
        let (inputs, feed) = AsyncStream.makeStream(of: Input.self, bufferingPolicy: .bufferingNewest(4096))
        let forwarder = Task(executorPreference: client.executor) {
            do {
                for try await frame in events { feed.yield(.frame(frame)) }
                feed.yield(.ended(.socket(.closed)))
            } catch let error as BLEManagementError {
                feed.yield(.ended(error))
            } catch {
                feed.yield(.ended(.socket(.closed)))
            }
        }
        let ticker = Task(executorPreference: client.executor) {
            while !Task.isCancelled {
                try? await Task.sleep(for: tickInterval)
                feed.yield(.tick)
            }
        }
        defer {
            forwarder.cancel()
            ticker.cancel()
            feed.finish()
        }

        var failure: BLEManagementError?
        var queue = session.begin(now: clock.elapsed)
        var iterator = inputs.makeAsyncIterator()
        scanning: while true {
            while !queue.isEmpty {
                switch queue.removeFirst() {
                case .startDiscovery:
                    do throws(BLEManagementError) {
                        let reply = try await client.send(.startDiscovery(session.addressTypes), index: choice.index)
                        queue += session.startFinished(reply.status, now: clock.elapsed)
                    } catch {
                        failure = error
                        break scanning
                    }
                case .stopDiscovery:
                    break
                case let .deviceUpdated(device):
                    if !onUpdate(device) { break scanning }
                case let .note(text):
                    logger.notice("\(text)")
                case let .fail(error):
                    failure = error
                    break scanning
                }
            }
            if let end, clock.elapsed >= end { break }
            guard !Task.isCancelled, let input = await iterator.next() else { break }
            let now = clock.elapsed
            switch input {
            case let .frame(frame): queue = session.handle(frame, now: now)
            case .tick: queue = session.tick(now: now)
            case let .ended(error):
                failure = error
                break scanning
            }
        }

        if session.finish().contains(.stopDiscovery) {
            // In a task of its own: a cancelled scan must still get this command out.
            let index = choice.index
            let types = session.addressTypes
            await Task(executorPreference: client.executor) {
                let reply = try? await client.send(.stopDiscovery(types), index: index)
                if let reply, reply.status != .success, reply.status != .rejected {
                    logger.notice("Stop Discovery on hci\(index): \(reply.status)")
                }
            }.value
        }
        await client.close()
        if let failure { throw failure }
        return BLEScanResult(adapter: choice, devices: session.devices)
    }
}
