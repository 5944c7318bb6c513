import Navigation
import ServiceLifecycle
import Status

/// Work the executable adds to the appliance that the appliance's own members do not know: the
/// upload's outbox (docs/upload.md), which links libcurl and so lives outside `Runtime`. It runs as
/// a service until the graceful shutdown cancels it, off the event loop that steers the belt; it hears
/// of the walk's state, and adds its part to `status`.
package struct BackgroundWork: Sendable {
    package var name: String
    package var run: @Sendable () async -> Void
    /// Told every change of the navigation state, in order.
    package var walkChanged: (@Sendable (NavigationState) -> Void)?
    package var statusPart: ApplianceControl.DevicePart?

    package init(name: String, run: @escaping @Sendable () async -> Void,
                 walkChanged: (@Sendable (NavigationState) -> Void)? = nil,
                 statusPart: ApplianceControl.DevicePart? = nil) {
        self.name = name
        self.run = run
        self.walkChanged = walkChanged
        self.statusPart = statusPart
    }
}

/// `BackgroundWork` as a service: on the global concurrent executor rather than the event loop the
/// group runs on, and cancelled at the graceful shutdown. A failure of it costs only itself.
struct BackgroundWorkService: Service {
    let work: BackgroundWork

    func run() async throws {
        let work = self.work
        await withTaskExecutorPreference(globalConcurrentExecutor) {
            _ = try? await cancellingAtGracefulShutdown { await work.run() }
        }
    }
}

/// The service's name in the group's log metadata and errors (`ServiceConfiguration.described`):
/// without one, ServiceLifecycle would print the service by reflection over every stored property.
extension BackgroundWorkService: CustomStringConvertible {
    var description: String { work.name }
}
