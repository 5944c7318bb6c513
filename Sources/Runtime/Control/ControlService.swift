import ServiceLifecycle

/// The control socket's server in the service group: it stops, and removes its socket file, when the
/// appliance shuts down.
struct ControlService: Service, CustomStringConvertible {
    let server: ControlServer

    func run() async throws {
        await withGracefulShutdownHandler {
            await server.run()
        } onGracefulShutdown: {
            server.stop()
        }
    }

    var description: String { "control socket" }
}
