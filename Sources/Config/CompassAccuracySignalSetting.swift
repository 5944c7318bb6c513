import Navigation

/// `[devices.belt] compass_accuracy_signal`: whether the belt plays its compass-inaccurate signal
/// while it guides (in app mode).
///
/// FSLib-iOS (docs/README.md, "Compass accuracy signal") advises switching it off where signals are
/// not relative to the belt's own compass: with `heading_source = "external"` the belt's compass
/// does not steer, and its alarm would only buzz on top of the guidance.
package enum CompassAccuracySignalSetting: Sendable, Hashable {
    /// Off with `heading_source = "external"`, on otherwise.
    case auto
    case on
    case off

    /// Whether the signal should play in app mode, for this heading source.
    package func enabled(headingSource: HeadingSource) -> Bool {
        switch self {
        case .auto: headingSource != .external
        case .on: true
        case .off: false
        }
    }

    /// As the TOML file writes it.
    package var configValue: String {
        switch self {
        case .auto: "\"auto\""
        case .on: "true"
        case .off: "false"
        }
    }
}
