import Controls
import Gestures
import Navigation

/// The whole validated configuration: everything one TOML file selects.
public struct WayfinderConfiguration: Sendable {
    /// The file it came from; relative paths inside it are resolved against its directory.
    public var sourcePath: String
    public var board: BoardDefinition
    /// A swift-log level name: trace, debug, info, notice, warning, error, critical.
    public var logLevel: String
    /// Where route progress and calibration live (systemd's `StateDirectory=`).
    public var stateDirectory: String
    public var belt: DeviceSelection
    public var touchCase: DeviceSelection
    /// `[devices.touch_case]` sides, touches per side, power saving.
    public var touchCaseSettings = TouchCaseSettings()
    public var pencil: DeviceSelection
    public var gps: GPSSource
    public var compass: CompassSource
    /// Axes of the compass and its optional accelerometer (`[compass]` beyond `source`).
    public var compassMounting = CompassMounting()
    /// Absolute path of the GPX route.
    public var routePath: String
    /// The route it holds, parsed while the configuration was checked.
    public var route: Route
    /// Start navigating as soon as the appliance is up (a headless device has no "start" screen).
    public var autostart: Bool
    public var guidance: GuidanceParameters
    /// The belt's default vibration intensity, percent.
    public var intensity: Int
    public var buttons: ButtonConfiguration
    public var gestures: GestureCommandMap
    /// `[track]`: recording the walked track and how long it is kept.
    public var track = TrackSettings()
    /// The tables read by `ConfigurationTable`s registered with the loader, by table name.
    public var tables: [String: any ConfigurationTable] = [:]

    /// The table of that type, if the file had it (or its reader supplied a default).
    public func table<T: ConfigurationTable>(_ type: T.Type = T.self) -> T? {
        tables[T.name] as? T
    }

    public static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
    public static let defaultPath = "/etc/wayfinder/wayfinder.toml"
}
