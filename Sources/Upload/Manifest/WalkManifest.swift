/// A walk's `manifest.json`: what a lab needs to read the walk's other files without the unit in
/// hand (docs/upload.md). Written beside the track as `tracks/X.manifest.json` when the walk ends; it
/// is the last of the walk's files, and `OutboxCatalog` uploads a walk only once it exists.
///
/// Versioned JSON with snake_case keys; a reader ignores keys it does not know.
package struct WalkManifest: Sendable, Equatable, Codable {
    package static let currentVersion = 1

    /// One device the walk used, as the appliance's status knew it when the walk ended.
    package struct Device: Sendable, Equatable, Codable {
        /// `belt`, `touch-case` or `pencil`, as the event journal names devices.
        package var kind: String
        /// The firmware revision the device reported; absent when it never did (not connected).
        package var firmware: String?

        package init(kind: String, firmware: String? = nil) {
            self.kind = kind
            self.firmware = firmware
        }
    }

    package var version: Int
    /// The walk's name, `X` of `tracks/X.gpx`.
    package var walk: String
    /// The unit id the walk is uploaded under; absent when none can be derived (no machine id and no
    /// `[upload] unit_id`).
    package var unitID: String?
    /// `wayfinder --version`.
    package var softwareVersion: String
    /// The lower-case hex SHA-256 of the configuration file's bytes as the appliance loaded them.
    package var configurationSHA256: String?
    package var devices: [Device]
    /// Seconds since 1970, UTC, on the GPS's timeline like the journal's `time`: the walk's first
    /// start and its last end (arrival or stop); absent when the journal has none.
    package var startTime: Double?
    package var endTime: Double?

    package init(walk: String, unitID: String?, softwareVersion: String, configurationSHA256: String?,
                 devices: [Device], startTime: Double?, endTime: Double?) {
        version = Self.currentVersion
        self.walk = walk
        self.unitID = unitID
        self.softwareVersion = softwareVersion
        self.configurationSHA256 = configurationSHA256
        self.devices = devices
        self.startTime = startTime.flatMap { $0.isFinite ? $0 : nil }
        self.endTime = endTime.flatMap { $0.isFinite ? $0 : nil }
    }

    enum CodingKeys: String, CodingKey {
        case version, walk, devices
        case unitID = "unit_id"
        case softwareVersion = "software_version"
        case configurationSHA256 = "configuration_sha256"
        case startTime = "start_time"
        case endTime = "end_time"
    }
}
