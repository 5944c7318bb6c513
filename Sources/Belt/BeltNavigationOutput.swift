/// What the belt navigation controller asks its owner to do.
package enum BeltNavigationOutput: Sendable, Hashable {
    /// Write this to the belt.
    case send(BeltCommand)
    /// The navigation state changed (FSLib's `onNavigationStateChange`).
    case stateChanged(NavigationState)
    /// The home button was pressed without changing anything on the belt; the app decides what it means
    /// (FSLib's `onBeltHomeButtonPressed(navigating:)`).
    case homeButtonPressed(navigating: Bool)
    /// The belt changed its default intensity itself, percent (its buttons in pause mode; FSLib's
    /// `onBeltDefaultVibrationIntensityChanged`): the controller follows it.
    case intensityChanged(Int)
}
