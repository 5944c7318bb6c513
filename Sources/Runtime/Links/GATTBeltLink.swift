import BLESockets
import Belt
import Logging
import Platform

/// The belt link over GATT: `BeltSession` (the handshake, the keep-alive answer, the belt's state)
/// run by a `GATTDeviceLink` on whatever connector it is given — the Linux ATT transport on the Pi, a
/// socketpair to the simulated belt, an in-process fake in tests.
///
/// The device link does the queueing (the keep-alive answer first), the request and attempt bounds
/// and the reconnection; this type speaks the belt's words on top: commands in, `BeltLinkEvent`s out,
/// transport errors as `BeltLinkError`s.
package actor GATTBeltLink: BeltLink {
    /// Where it runs: the process's event loop unless its creator names another (a test's
    /// `TestEventLoop`); a message from another actor on the same loop is a queue append.
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// One attempt (link and discovery) may take 20 s, FSLib-iOS's overall connection timer
    /// (FSConnectionManager.swift); the handshake after it is bounded step by step (`BeltSession`).
    /// One write may take 5 s, well within the watchdog's window.
    package static let limits = GATTDeviceDriver<BeltSession>.Limits(attempt: .seconds(20), request: .seconds(5))
    /// Between failed attempts: 0.5 s, doubling up to 8 s; a link that held 30 s starts over.
    package static let backoff = RestartBackoff(initial: .milliseconds(500), maximum: .seconds(8), healthyRun: .seconds(30))
    /// After the wearer switched the belt off: a listening window of 3 s (pybelt's discovery runs
    /// 2 s, belt_scanner.py; the belt's advertising interval is not documented, so a little longer)…
    package static let standbyWindow: Duration = .seconds(3)
    /// …after a pause of 5 s, doubling to 30 s: at most 3 s of scanning in 33 s (docs/ble.md).
    package static let standbyPauses = RestartBackoff(initial: .seconds(5), maximum: .seconds(30), healthyRun: .seconds(3600))

    package nonisolated let events: AsyncStream<BeltLinkEvent>
    private let sink: AsyncStream<BeltLinkEvent>.Continuation
    private let device: GATTDeviceLink<BeltSession>
    private let logger: Logger
    private var pump: Task<Void, Never>?
    /// The session's own account of why the current attempt failed, if it gave one.
    private var failure: BeltLinkError?
    private var handshakeDone = false
    /// How the link hears the belt advertise while it is switched off; nil: it waits for `start`.
    private let listener: (any AdvertisementListener)?
    private let keepsConnected: Bool
    private let clock: SessionClock
    /// The belt said it switched off: the link's end that follows is not retried.
    private var switchingOff = false
    /// Listening for the belt to be switched on again.
    private var listening: Task<Void, Never>?

    /// - Parameters:
    ///   - linkClock: what the request and attempt bounds are measured on (`GATTDeviceTime`).
    ///   - policy: `.keepConnected` for the appliance; `.whenAsked` for one connection (`connect()`).
    ///   - listener: under `.keepConnected`, how the belt is heard again after the wearer switched it
    ///     off; without one the link stays down until `start`.
    package init(connector: any GATTConnector, clock: SessionClock, linkClock: SessionClock? = nil,
                policy: GATTLinkPolicy = .keepConnected(GATTBeltLink.backoff), listener: (any AdvertisementListener)? = nil,
                logger: Logger, executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        self.listener = listener
        self.clock = clock
        if case .keepConnected = policy { keepsConnected = true } else { keepsConnected = false }
        device = GATTDeviceLink(session: BeltSession(), policy: policy, limits: Self.limits,
                                connector: connector, clock: clock, linkClock: linkClock, executor: executor)
        self.logger = logger
        (events, sink) = AsyncStream.makeStream()
    }

    /// The session's connection state (for status lines and tests).
    package var state: BeltSession.State { get async { await device.session.state } }

    /// Operations waiting behind the one in flight (tests check queue order with it).
    var queuedOperations: Int { get async { await device.queuedOperations } }

    // MARK: BeltLink

    package func start() async {
        listening?.cancel()
        listening = nil
        listen()
        await device.start()
    }

    /// One connection attempt now, and no other unless asked (a `.whenAsked` link).
    package func connect() async {
        listen()
        await device.connect()
    }

    /// Commands go to a belt whose handshake is done (the belt actor sends after `.connected`), never
    /// between the handshake's steps.
    package func send(_ command: BeltCommand) async throws {
        guard handshakeDone else { throw BeltLinkError.notConnected }
        do {
            try await device.perform(command.encoded().gattOperation)
        } catch {
            throw Self.linkError(error, connecting: false)
        }
    }

    package func disconnect() async {
        listening?.cancel()
        listening = nil
        await device.disconnect()
    }

    /// Whether the link listens for a belt the wearer switched off (tests and the rig check).
    package var isListeningForTheBelt: Bool { listening != nil }

    // MARK: The belt switched off

    /// The belt closed the link as the wearer switched it off: no connection attempts, which would
    /// fail for as long as it is off and keep the radio busy; instead a short listening window at
    /// widening intervals (`standbyWindow`, `standbyPauses`), and a connection once it is heard.
    private func standBy() {
        listening?.cancel()
        guard let listener else {
            listening = nil
            logger.notice("the belt is switched off; no way to hear it advertise, so no reconnection until the appliance restarts")
            Task(executorPreference: executor) { [device] in await device.disconnect() }
            return
        }
        let (device, clock, logger, window) = (self.device, self.clock, self.logger, Self.standbyWindow)
        logger.info("listening for the belt's advertisements: \(DurationFormat.text(window)) after \(DurationFormat.text(Self.standbyPauses.initial)), the pause doubling to \(DurationFormat.text(Self.standbyPauses.maximum))")
        listening = Task(executorPreference: executor) {
            // Ends the retry the device link scheduled for the closed link.
            await device.disconnect()
            var pauses = Self.standbyPauses
            while !Task.isCancelled {
                let pause = pauses.delayAfterFailure(runLength: .zero)
                do { try await clock.sleep(for: pause) } catch { return }
                if Task.isCancelled { return }
                if await listener.heard(within: window) {
                    await self.heardTheBelt()
                    return
                }
                logger.debug("the belt did not advertise within \(DurationFormat.text(window))")
            }
        }
    }

    private func heardTheBelt() async {
        guard listening != nil else { return }
        listening = nil
        logger.info("the belt advertises again; connecting")
        await device.start()
    }

    // MARK: Outputs

    private func listen() {
        guard pump == nil else { return }
        let device = self.device
        // With the loop's preference, each output resumes this task on the loop, not on the global
        // pool first (see `GATTDeviceLink`).
        pump = Task(executorPreference: executor) {
            for await output in device.outputs { await self.handle(output) }
            await self.finishOutputs()
        }
    }

    private func finishOutputs() { sink.finish() }

    private func handle(_ output: GATTDeviceLink<BeltSession>.Output) {
        switch output {
        case .event(.stateChanged(let state)):
            logger.debug("belt session: \(state)")
        case .event(.event(let event)):
            if case .connected = event { handshakeDone = true }
            if case .switchedOff = event { switchingOff = keepsConnected }
            sink.yield(.belt(event))
        case .event(.failed(let error)):
            failure = failure ?? error
            if case .connectionLost = error {
                logger.info("belt link failed: \(error)")
            } else {
                logger.warning("belt link failed: \(error)")
            }
        case .event(.protocolError(let error)):
            logger.warning("dropped a malformed belt notification: \(error)")
        case .event(.perform):
            break
        case .link(.connecting(let attempt), _):
            logger.debug("belt link: connecting (attempt \(attempt))")
        case .link(.connected, _):
            logger.debug("belt link up; handshake")
        case .link(.attemptFailed(_, let error, _, let retryIn), _):
            failure = nil
            sink.yield(.attemptFailed(Self.linkError(error, connecting: true), retryIn: retryIn))
        case .link(.closed(let reason, _), _) where switchingOff:
            if let reason { logger.info("belt link closed by the belt: \(reason)") }
            switchingOff = false
            handshakeDone = false
            failure = nil
            standBy()
            sink.yield(.closed(retryIn: nil))
        case .link(.closed(let reason, let retryIn), _):
            if handshakeDone || reason == nil {
                // The belt actor warns once ("belt connection lost"); the link's own account is the detail.
                if let reason { logger.info("belt link lost: \(reason)") }
                sink.yield(.closed(retryIn: retryIn))
            } else {
                sink.yield(.attemptFailed(failure ?? .connectionFailed(reason ?? "closed"), retryIn: retryIn))
            }
            handshakeDone = false
            failure = nil
        }
    }

    /// GATT transport errors as the failure kinds the belt actor knows.
    static func linkError(_ error: any Error, connecting: Bool) -> BeltLinkError {
        if let error = error as? BeltLinkError { return error }
        // A request abandoned because its task was cancelled (the appliance shutting down) says
        // nothing about the belt: the link is gone with the task, as when it drops.
        if error is CancellationError { return connecting ? .connectionFailed("cancelled") : .connectionLost }
        guard let error = error as? GATTError else { return .connectionFailed("\(error)") }
        switch error {
        case .unavailable(let why): return .bluetoothUnavailable(why)
        case .notFound(let what): return connecting ? .noBeltFound : .connectionFailed("not found: \(what)")
        case .disconnected: return connecting ? .connectionFailed("the link dropped") : .connectionLost
        case .timedOut: return connecting ? .timedOut(limits.attempt) : .timedOut(limits.request)
        case .attributeError: return .connectionFailed(error.description)
        case .transport(let what): return .connectionFailed(what)
        }
    }
}
