import ServiceLifecycle

extension ServiceGroupConfiguration.ServiceConfiguration {
    /// A service's place in the group, named by its own description. ServiceLifecycle's initializer
    /// without a name interpolates the service (`"\(service)"`), and the standard library's printing
    /// asks the runtime whether its type is `TextOutputStreamable`, then `CustomStringConvertible`,
    /// before it reads the description: each the type's first lookup of that protocol, which scans every
    /// conformance record in the binary (callgrind: 4.1 M instructions for the appliance's services
    /// on every start). The name is the same text.
    static func described(_ service: some Service & CustomStringConvertible,
                          onSuccess: TerminationBehavior, onFailure: TerminationBehavior) -> Self {
        .init(service: service, successTerminationBehavior: onSuccess, failureTerminationBehavior: onFailure,
              serviceName: service.description)
    }
}
