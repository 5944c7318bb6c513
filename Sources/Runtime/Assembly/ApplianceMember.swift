import ServiceLifecycle

/// One actor of the appliance, as the assembly needs it: everything a device adds to the appliance
/// is in this value, made by its registration function (`ApplianceWiring`'s `belt`, `navigation`,
/// `gestures`, `buttons`, `touchCase`, `pencil`), and the appliance is assembled from the one list of
/// them in `Appliance.build`. The health watch, the status line's order, the fault routes, the
/// services and the control socket's status are all derived from that list, so none of them can
/// leave a device out.
struct ApplianceMember {
    /// Where the actor's part of systemd's status line goes.
    enum StatusPlace {
        /// First, whatever the list's order: the walk, which is what the line is read for.
        case leads
        /// After the leading parts, in the list's order.
        case follows
    }

    /// The actor's name: its health watch, its status part, its fault route and its service.
    let name: String
    let statusPlace: StatusPlace
    /// Makes the actor's run loop fail once (`Mailbox.inject`): the simulation script's `fail_actor`.
    let injectFault: @Sendable () -> Void
    /// The actor under its supervisor.
    let service: ServiceGroupConfiguration.ServiceConfiguration
    /// Its part of `wayfinder status`, when the control socket asks the actor itself for one (the
    /// navigation and belt parts are the control's own: it carries controls through them).
    let controlPart: ApplianceControl.DevicePart?

    init(name: String, statusPlace: StatusPlace = .follows, injectFault: @escaping @Sendable () -> Void,
         service: ServiceGroupConfiguration.ServiceConfiguration, controlPart: ApplianceControl.DevicePart? = nil) {
        self.name = name
        self.statusPlace = statusPlace
        self.injectFault = injectFault
        self.service = service
        self.controlPart = controlPart
    }

    /// The status line's order of `members`' parts: the leading ones, then the others as listed.
    static func statusOrder(_ members: [ApplianceMember]) -> [String] {
        members.filter { $0.statusPlace == .leads }.map(\.name) + members.filter { $0.statusPlace == .follows }.map(\.name)
    }

    /// What the board's injected failures are routed by: each member's fault hook by its name.
    static func faultRoutes(_ members: [ApplianceMember]) -> [String: @Sendable () -> Void] {
        Dictionary(members.map { ($0.name, $0.injectFault) }, uniquingKeysWith: { first, _ in first })
    }
}
