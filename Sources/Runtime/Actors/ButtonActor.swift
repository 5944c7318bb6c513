import Config
import Logging
import Navigation
import Platform

/// The GPIO buttons: debounces edges, tells short, long and double presses apart and sends the bound
/// command. It reads edges from a stream, so the simulated board's edges and the GPIO character
/// device's edges go through the same code.
///
/// A short press on a line with a double-press binding is held back by the decoder until the double
/// press window has passed; the actor sleeps on its clock until the decoder's next deadline, so that
/// press is sent when the window closes rather than at the next edge.
///
/// The pair control's line (`"pair-pencil"`) is not decoded into presses: its debounced level goes to
/// the pencil actor, whose pairing spot it is while held.
package actor ButtonActor {
    /// Where it runs: the process's event loop unless its creator names another (a test's
    /// `TestEventLoop`); a message from another actor on the same loop is a queue append.
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    package enum Event: Sendable {
        case edge(GPIOEdgeEvent)
        /// The decoder's deadline (on the edges' timeline) has passed on the session clock.
        case deadline(Duration)
        case shutdown
    }

    package static let name = "buttons"
    package nonisolated let mailbox: Mailbox<Event>
    private var forwarders = Forwarders()
    private let configuration: ButtonConfiguration
    private let edges: AsyncStream<GPIOEdgeEvent>
    private let commands: AsyncStream<CommandEnvelope>.Continuation
    private var decoder: ButtonPressDecoder
    private let pairControl: AsyncStream<Bool>.Continuation?
    private var pairDebouncer: Debouncer
    private var pairHeld = false
    private let clock: SessionClock
    private let logger: Logger
    private let health: HealthMonitor
    /// The latest edge's timestamp and when it was handled (session time): how the decoder's
    /// deadlines, on the kernel's event clock, are placed on the session clock.
    private var latestEdge: (timestamp: Duration, handledAt: Duration)?
    /// The sleep until the decoder's next deadline; replaced whenever the decoder changes.
    private var deadlineWait: Task<Void, Never>?
    /// Edges handled since the start, bounces included.
    package private(set) var edgesSeen = 0


    /// - Parameter pairControl: where the pair control's level goes (true while held); nil without a
    ///   pencil actor.
    package init(configuration: ButtonConfiguration, edges: AsyncStream<GPIOEdgeEvent>,
                commands: AsyncStream<CommandEnvelope>.Continuation,
                pairControl: AsyncStream<Bool>.Continuation? = nil, clock: SessionClock, logger: Logger,
                health: HealthMonitor, executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        mailbox = Mailbox(executor: executor)
        self.configuration = configuration
        self.edges = edges
        self.commands = commands
        self.pairControl = pairControl
        self.pairDebouncer = Debouncer(window: configuration.debounce)
        self.decoder = ButtonPressDecoder(debounce: configuration.debounce, longPress: configuration.longPress,
                                          doublePressWindow: configuration.doublePressWindow,
                                          doublePressLines: Set(configuration.doublePressLines.compactMap(UInt32.init(exactly:))))
        self.clock = clock
        self.logger = logger
        self.health = health
    }

    package func run() async throws {
        health.started(Self.name, progress: mailbox.progress)
        let mailbox = self.mailbox
        let edges = self.edges
        forwarders.start(on: executor, [{ await mailbox.forward(edges) { .edge($0) } }])
        // A press held back when a previous run failed is still in the decoder: wait for it again.
        scheduleDeadline()
        defer { cancelDeadline() }
        try await mailbox.runLoop(shutdown: .shutdown) { try handle($0) }
    }

    private func handle(_ event: Event) throws -> Bool {
        switch event {
        case .edge(let edge) where configuration.pairPencilLine.map(UInt32.init(clamping:)) == edge.offset:
            edgesSeen += 1
            pairEdge(edge)
        case .edge(let edge):
            edgesSeen += 1
            latestEdge = (edge.timestamp, clock.elapsed)
            decoder.feed(edge).forEach(send)
            scheduleDeadline()
        case .deadline(let deadline):
            // A wait cancelled just after it fired can leave a stale deadline here; advancing to a
            // time that has passed is harmless either way.
            decoder.advance(to: deadline).forEach(send)
            scheduleDeadline()
        case .shutdown:
            forwarders.stop()
            return true
        }
        return false
    }

    /// The pair control: the switch pulls the line low while held. A repeated edge (a lost one in
    /// between) changes nothing, so the pencil sees each hold once.
    private func pairEdge(_ edge: GPIOEdgeEvent) {
        guard pairDebouncer.accept(edge) else { return }
        let held = edge.edge == .falling
        guard held != pairHeld else { return }
        pairHeld = held
        guard let pairControl else {
            logger.notice("GPIO\(edge.offset) is the pair control, but the Pencil is not enabled ([devices.pencil] enabled = true)")
            return
        }
        logger.info("GPIO\(edge.offset) pair control \(held ? "held: the Pencil's pairing spot is pressed" : "released")")
        pairControl.yield(held)
    }

    private func send(_ press: ButtonPressDecoder.Press) {
        let line = Int(press.line)
        guard let binding = configuration.binding(forLine: line) else {
            logger.debug("press on GPIO\(line), which has no binding")
            return
        }
        let command: NavigationCommand? = switch press.kind {
        case .single: binding.press
        case .long: binding.longPress ?? binding.press
        case .double: binding.doublePress
        }
        if let command {
            commands.yield(CommandEnvelope(command, from: .button(line: line, press: press.kind)))
        } else {
            logger.info("GPIO\(line) \(CommandSource.name(press.kind)) has no command bound")
        }
    }

    /// Sleeps until the decoder's next deadline, then hands it to the mailbox; replaces any earlier
    /// wait, so each edge re-places the deadline with the latest edge's view of the event clock.
    private func scheduleDeadline() {
        cancelDeadline()
        guard let deadline = decoder.nextDeadline, let latestEdge else { return }
        // Deadlines are on the event clock, which is offset from the session clock. The latest edge,
        // handled a little after its timestamp, gives that offset with the read latency added, so a
        // deadline is met late by that latency, never early. No deadline lies further past an edge
        // than the longer decoder time (give or take lines read out of order); a much longer delay
        // means the event clock stepped back since the press, which is then sent at the cap rather
        // than when the clock catches up. Clamped arithmetic: the timestamps come from outside.
        let longest = max(configuration.doublePressWindow, configuration.longPress)
        let delay = min(deadline.span(since: latestEdge.timestamp) ?? .zero, longest.addingClamped(longest))
        let wake = SessionInstant(offset: latestEdge.handledAt.addingClamped(delay))
        let (mailbox, clock) = (self.mailbox, self.clock)
        deadlineWait = Task(executorPreference: executor) {
            do { try await clock.sleep(until: wake) } catch { return }
            mailbox.send(.deadline(deadline))
        }
    }

    private func cancelDeadline() {
        deadlineWait?.cancel()
        deadlineWait = nil
    }
}
