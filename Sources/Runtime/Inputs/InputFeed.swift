/// One hardware input kept alive for the whole run: it opens its device, delivers what it reads into
/// the stream an actor listens to, and after a loss logs what happened and reopens with backoff.
///
/// Why outside the actors: the actors' inputs are streams that outlive an actor's restart
/// (`Forwarders`), so a device must outlive it too; the feed ends only when the appliance stops.
package struct InputFeed: Sendable {
    package let name: String
    /// Runs until its task is cancelled.
    package let run: @Sendable () async -> Void

    package init(name: String, run: @escaping @Sendable () async -> Void) {
        self.name = name
        self.run = run
    }
}
