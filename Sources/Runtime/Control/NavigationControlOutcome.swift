/// What the navigation actor did for a control from the socket: in words for a person, and how many
/// requests it had sent the belt actor by then, so the answer can wait until the belt actor has
/// carried them out (`BeltActor.handled(_:)`) and the status it carries shows their effect.
package struct NavigationControlOutcome: Sendable, Equatable {
    package var result: String
    package var beltRequests: Int

    package init(result: String, beltRequests: Int) {
        self.result = result
        self.beltRequests = beltRequests
    }
}
