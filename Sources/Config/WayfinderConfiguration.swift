import Controls
import Gestures
import Navigation
import Routing

/// The whole validated configuration: everything one TOML file selects.
package struct WayfinderConfiguration: Sendable {
    /// The file it came from; relative paths inside it are resolved against its directory.
    package var sourcePath: String
    package var board: BoardDefinition
    /// A swift-log level name: trace, debug, info, notice, warning, error, critical.
    package var logLevel: String
    /// Where route progress and calibration live (systemd's `StateDirectory=`).
    package var stateDirectory: String
    package var belt: DeviceSelection
    /// `[devices.belt] compass_accuracy_signal`.
    package var compassAccuracySignal = CompassAccuracySignalSetting.auto
    package var touchCase: DeviceSelection
    /// `[devices.touch_case]` sides, touches per side, power saving.
    package var touchCaseSettings = TouchCaseSettings()
    package var pencil: DeviceSelection
    package var gps: GPSSource
    package var compass: CompassSource
    /// Axes of the compass and its optional accelerometer (`[compass]` beyond `source`).
    package var compassMounting = CompassMounting()
    /// Absolute path of the GPX route.
    package var routePath: String
    /// The route it holds, parsed while the configuration was checked.
    package var route: Route
    /// Start navigating as soon as the appliance is up (a headless device has no "start" screen).
    package var autostart: Bool
    package var guidance: GuidanceParameters
    /// The belt's default vibration intensity, percent.
    package var intensity: Int
    package var buttons: ButtonConfiguration
    package var gestures: GestureCommandMap
    /// `[upload]`: nil when the file has none, and nothing is uploaded.
    package var upload: UploadSettings?
    /// `[metrics]`: nil when the file has none, and no metrics are written.
    package var metrics: MetricsSettings?
    /// `[route]`'s map, destination and planning settings; nil when the route is a GPX file alone.
    package var routePlanning: RoutePlanningSettings?
    /// `[places]`: named destinations, in the file's order.
    package var places: [Place] = []
    /// `[track]`: recording the walked track and how long it is kept.
    package var track = TrackSettings()
    /// `[signals]`: which states the wearer feels, damped and repeated how (docs/signals.md).
    package var signals = SignalSettings()
    /// The tables read by `ConfigurationTable`s registered with the loader, by table name.
    package var tables: [String: any ConfigurationTable] = [:]

    /// The table of that type, if the file had it (or its reader supplied a default).
    package func table<T: ConfigurationTable>(_ type: T.Type = T.self) -> T? {
        tables[T.name] as? T
    }

    package static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
    package static let defaultPath = "/etc/wayfinder/wayfinder.toml"
}
