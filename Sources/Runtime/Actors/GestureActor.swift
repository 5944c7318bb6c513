import Controls
import Gestures
import Logging
import Pencil
import Platform
import TouchCase

/// The gesture actor: runs the gesture pipeline (`GestureBindingPipeline`, one recognizer per
/// `[gestures]` binding) on the touch case's live touches, and maps what it recognizes, and the
/// Pencil's clicks, to navigation commands.
///
/// - Touches come from `TouchCaseActor`; each is classified by the Pencil's `TouchClassifier` (pen,
///   eraser, finger, palm) while a pen is connected, and its class is what recognizers restricted to
///   classes see. While a pen is connected and a binding names classes, each touch's events wait in
///   a `TouchClassGate` until the classifier has decided it (at most 133 ms, or until it ends), since
///   every touch is `unknown` when it begins. Without a pen every touch is `unknown`.
/// - Each touch is also passed on to the pencil actor (`penTouches`) for its pairing spot.
/// - Timers (a tap waiting for a double tap, a long press) are woken exactly at the pipeline's next
///   deadline; nothing else wakes the actor.
/// - Each touch is one frame: the case reports touches one notification at a time, and the pipeline
///   orders frames by their event time.
package actor GestureActor {
    /// Where it runs: the process's event loop unless its creator names another (a test's
    /// `TestEventLoop`); a message from another actor on the same loop is a queue append.
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    package enum Event: Sendable {
        case touch(TouchEvent)
        case pen(PencilActor.Output)
        /// A configuration reload's `[gestures]`: the pipeline is built anew from it.
        case remap(GestureCommandMap)
        case timer
        /// A held touch's wait for its class is over (`TouchClassGate.nextDeadline`).
        case classDue
        case shutdown
    }

    package static let name = "gestures"

    package nonisolated let mailbox: Mailbox<Event>
    private var forwarders = Forwarders()
    private var map: GestureCommandMap
    private let sensedSides: Set<CaseSide>
    private let touches: AsyncStream<TouchEvent>
    private let pen: AsyncStream<PencilActor.Output>?
    private let penTouches: AsyncStream<TouchInput>.Continuation?
    private let commands: AsyncStream<CommandEnvelope>.Continuation
    private let clock: SessionClock
    private let logger: Logger
    private let health: HealthMonitor
    private var pipeline: GestureBindingPipeline?
    private var classifier = TouchClassifier()
    private var gate = TouchClassGate()
    private var scheduledTimer: Double?
    private var scheduledClassDue: Duration?
    /// Gestures made (bound or not) since the start, and touches seen.
    package private(set) var recognized = 0
    package private(set) var touchesSeen = 0

    package init(map: GestureCommandMap, sensedSides: Set<CaseSide> = Set(CaseSide.allCases),
                touches: AsyncStream<TouchEvent>, pen: AsyncStream<PencilActor.Output>? = nil,
                penTouches: AsyncStream<TouchInput>.Continuation? = nil,
                commands: AsyncStream<CommandEnvelope>.Continuation, clock: SessionClock, logger: Logger,
                health: HealthMonitor, executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        mailbox = Mailbox(executor: executor)
        self.map = map
        self.sensedSides = sensedSides
        self.touches = touches
        self.pen = pen
        self.penTouches = penTouches
        self.commands = commands
        self.clock = clock
        self.logger = logger
        self.health = health
    }

    package func run() async throws {
        health.started(Self.name, progress: mailbox.progress)
        // A restart after a failure starts from a clean pipeline: touches of the failed run are gone.
        do {
            pipeline = try GestureBindingPipeline(map: map, sensedSides: sensedSides)
        } catch {
            logger.error("gestures: \(error); case gestures are off, pen clicks still work")
            pipeline = nil
        }
        scheduledTimer = nil
        scheduledClassDue = nil
        gate.clear()
        updateGate()
        let (mailbox, touches, pen) = (self.mailbox, self.touches, self.pen)
        var bodies: [@Sendable () async -> Void] = [{ await mailbox.forward(touches) { .touch($0) } }]
        if let pen { bodies.append { await mailbox.forward(pen) { .pen($0) } } }
        forwarders.start(on: executor, bodies)
        try await mailbox.runLoop(shutdown: .shutdown) { try handle($0) }
    }

    private func handle(_ event: Event) throws -> Bool {
        switch event {
        case .timer:
            scheduledTimer = nil
            timersDue()
        case .touch(let touch):
            touchesSeen += 1
            let input = CaseTouchAdapter.classifierInput(touch)
            penTouches?.yield(input)
            classifier.touch(input)
            _ = classifier.update(now: touch.time)
            process(gate.receive(touch, classOf: { self.classOf($0) }))
        case .classDue:
            scheduledClassDue = nil
            let now = clock.elapsed
            _ = classifier.update(now: now)
            process(gate.release(now: now, classOf: { self.classOf($0) }))
        case .pen(let output):
            penOutput(output)
        case .remap(let newMap):
            remap(newMap)
        case .shutdown:
            forwarders.stop()
            return true
        }
        return false
    }

    /// Rebuilds the pipeline for a new map. Touches on the case now are dropped with the old pipeline
    /// (a gesture being made while the map changes is not made); a map the pipeline refuses leaves the
    /// old one in force.
    private func remap(_ newMap: GestureCommandMap) {
        do {
            pipeline = try GestureBindingPipeline(map: newMap, sensedSides: sensedSides)
            map = newMap
            scheduledTimer = nil
            gate.clear()
            updateGate()
            logger.info("gesture bindings replaced: \(newMap.bindings.count) gesture\(newMap.bindings.count == 1 ? "" : "s"), \(newMap.clicks.count) pen click\(newMap.clicks.count == 1 ? "" : "s")")
        } catch {
            logger.error("new gesture bindings refused: \(error); the previous ones stay in force")
        }
    }

    private func penOutput(_ output: PencilActor.Output) {
        switch output {
        case .state(let state):
            _ = classifier.setPenConnected(state == .connected || state == .connectedLongPressToUnpair, now: clock.elapsed)
            updateGate()
        case .switchChanged(let change):
            classifier.penSwitch(change)
        case .click(let click):
            let name = click.pen.rawValue
            // The pen drawing on the case presses its tip too: that press is the stroke's (the pen
            // bindings have it), not a click, or every stroke would also pause the walk.
            if classifier.isPenConnected, classifier.touchPressed(from: click.pressedAt, to: click.releasedAt) {
                logger.info("pencil \(name) pressed on the case (a stroke, not a click); no click command")
                return
            }
            recognized += 1
            if let command = map.command(forClick: click.pen, held: click.held) {
                commands.yield(CommandEnvelope(command, from: .pencilClick(click.pen)))
            } else {
                logger.info("pencil \(name) click (held \(click.held)) is not bound to a command; ignored")
            }
        case .pairing(let pen):
            // The pencil actor keeps it in the state directory (`PenPairingStore`).
            logger.notice(pen.map { "pencil paired with \($0)" } ?? "pencil pairing forgotten")
        case .information:
            break
        }
    }

    /// The classifier's class of the case's touch `id` now, as the pipeline names it.
    private func classOf(_ id: Int) -> TouchClass {
        CaseTouchAdapter.touchClass(classifier.touchID(forInput: id).flatMap(classifier.classification(ofTouch:)))
    }

    /// Touches wait for their class only while the classifier can tell classes (a pen is connected)
    /// and a binding asks for them; otherwise they pass at once, and any held are released.
    private func updateGate() {
        let waiting = classifier.isPenConnected && map.bindings.contains { $0.touchClasses != nil }
        guard waiting != gate.isWaiting else { return }
        process(gate.setWaiting(waiting, classOf: { self.classOf($0) }))
    }

    /// Feeds the touches the gate released to the pipeline, in order, then sets the wake-ups.
    private func process(_ events: [TouchEvent]) {
        if let pipeline {
            for event in events { made(pipeline.process(event), at: event.time) }
        }
        scheduleTimer()
        scheduleClassDue()
    }

    /// Wakes the actor when the earliest held touch's wait for its class is over.
    private func scheduleClassDue() {
        guard let due = gate.nextDeadline, due != scheduledClassDue else { return }
        scheduledClassDue = due
        _ = mailbox.alarm(at: due, clock: clock, .classDue)
    }

    private func timersDue() {
        guard let pipeline else { return }
        let now = clock.elapsed
        made(pipeline.advance(toMs: now.inMilliseconds), at: now)
        scheduleTimer()
    }

    private func made(_ bindings: [Int], at time: Duration) {
        guard let pipeline else { return }
        for index in bindings where pipeline.bindings.indices.contains(index) {
            recognized += 1
            let binding = pipeline.bindings[index]
            logger.info("gesture \(binding.gesture) recognized; \(binding.command)")
            commands.yield(CommandEnvelope(binding.command, from: .gesture(binding.gesture)))
        }
    }

    /// How late a recognizer's deadline may be acted on, in session time. A deadline decides between
    /// gestures (a swipe's 500 ms, the double tap's wait): acted on while the touches stamped before
    /// it are still on their way here, it would fail a swipe that was made in time. On a paced clock
    /// (the simulated board, `Pacing`) the clock slows down while one is pending; a real-time clock
    /// ignores it.
    static let deadlineTolerance: Duration = .milliseconds(20)

    /// Wakes the actor at the pipeline's next timer (the double-tap wait, a long press, a stroke gap):
    /// the only wake-ups the actor has besides its touches.
    private func scheduleTimer() {
        // A deadline that is not a time within reach (none should be; the pipeline's input is
        // sanitised) is not scheduled rather than trapping in the conversion below.
        guard let due = pipeline?.nextDeadlineMs, due != scheduledTimer, due.isFinite, abs(due) < 1e15 else { return }
        scheduledTimer = due
        _ = mailbox.alarm(at: .microseconds(Int64((due * 1000).rounded(.up))), clock: clock,
                          tolerance: Self.deadlineTolerance, .timer)
    }
}
