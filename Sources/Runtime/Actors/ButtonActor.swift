import Config
import Logging
import Platform

/// The GPIO buttons: debounces edges, tells short from long presses and sends the bound command.
/// It reads edges from a stream, so the simulated board's edges and the GPIO character device's
/// edges go through the same code.
public actor ButtonActor {
    public enum Event: Sendable {
        case tick
        case edge(GPIOEdgeEvent)
        case fail
        case shutdown
    }

    public static let name = "buttons"
    public nonisolated let mailbox = Mailbox<Event>()
    private var forwarders = Forwarders()
    private let configuration: ButtonConfiguration
    private let edges: AsyncStream<GPIOEdgeEvent>
    private let commands: AsyncStream<CommandEnvelope>.Continuation
    private var decoder: ButtonPressDecoder
    private let clock: SessionClock
    private let logger: Logger
    private let health: HealthMonitor

    public static let heartbeat: Duration = .milliseconds(250)

    public init(configuration: ButtonConfiguration, edges: AsyncStream<GPIOEdgeEvent>,
                commands: AsyncStream<CommandEnvelope>.Continuation, clock: SessionClock, logger: Logger,
                health: HealthMonitor) {
        self.configuration = configuration
        self.edges = edges
        self.commands = commands
        self.decoder = ButtonPressDecoder(debounce: configuration.debounce, longPress: configuration.longPress)
        self.clock = clock
        self.logger = logger
        self.health = health
    }

    public func run() async throws {
        health.beat(Self.name, at: clock.elapsed)
        let mailbox = self.mailbox
        let edges = self.edges
        forwarders.start([{ await mailbox.forward(edges) { .edge($0) } }])
        try await mailbox.runLoop(tick: .tick, every: Self.heartbeat, shutdown: .shutdown, clock: clock) { try handle($0) }
    }

    private func handle(_ event: Event) throws -> Bool {
        switch event {
        case .tick:
            health.beat(Self.name, at: clock.elapsed)
        case .edge(let edge):
            guard let press = decoder.feed(edge) else { return false }
            let line = Int(press.line)
            guard let binding = configuration.binding(forLine: line) else {
                logger.debug("press on GPIO\(line), which has no binding")
                return false
            }
            let kind = press.isLong ? "long press" : "press"
            if let command = press.isLong ? (binding.longPress ?? binding.press) : binding.press {
                commands.yield(CommandEnvelope(command, from: "button GPIO\(line) (\(kind))"))
            } else {
                logger.info("GPIO\(line) \(kind) has no command bound")
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
