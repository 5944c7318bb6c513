import Gestures
import Logging
import Platform

/// The gesture pipeline's actor: turns recognized gestures into commands through the configured map.
/// (The recognizers that feed it from the touch case arrive with the touch-input issue; on the
/// simulated board, gestures come from the script.)
public actor GestureActor {
    public enum Event: Sendable {
        case tick
        case gesture(RecognizedGesture)
        case fail
        case shutdown
    }

    public static let name = "gestures"
    public nonisolated let mailbox = Mailbox<Event>()
    private var forwarders = Forwarders()
    private let map: GestureCommandMap
    private let gestures: AsyncStream<RecognizedGesture>
    private let commands: AsyncStream<CommandEnvelope>.Continuation
    private let clock: SessionClock
    private let logger: Logger
    private let health: HealthMonitor
    public private(set) var recognized = 0

    public static let heartbeat: Duration = .milliseconds(250)

    public init(map: GestureCommandMap, gestures: AsyncStream<RecognizedGesture>,
                commands: AsyncStream<CommandEnvelope>.Continuation, clock: SessionClock, logger: Logger,
                health: HealthMonitor) {
        self.map = map
        self.gestures = gestures
        self.commands = commands
        self.clock = clock
        self.logger = logger
        self.health = health
    }

    public func run() async throws {
        health.beat(Self.name, at: clock.elapsed)
        let mailbox = self.mailbox
        let gestures = self.gestures
        forwarders.start([{ await mailbox.forward(gestures) { .gesture($0) } }])
        try await mailbox.runLoop(tick: .tick, every: Self.heartbeat, shutdown: .shutdown, clock: clock) { try handle($0) }
    }

    private func handle(_ event: Event) throws -> Bool {
        switch event {
        case .tick:
            health.beat(Self.name, at: clock.elapsed)
        case .gesture(let gesture):
            recognized += 1
            if let command = map.command(for: gesture) {
                commands.yield(CommandEnvelope(command, from: "gesture \(gesture)"))
            } else {
                logger.info("gesture \(gesture) is not bound to a command; ignored")
            }
        case .fail:
            throw InjectedFailure(actor: Self.name)
        case .shutdown:
            forwarders.stop()
            return true
        }
        return false
    }
}
