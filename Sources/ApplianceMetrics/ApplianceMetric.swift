/// One of the appliance's metrics, by its Prometheus name (`wayfinder_` prefix, the unit last, a
/// counter's name ending in `_total`, as Prometheus's naming practices ask), with its type and the
/// help text of its `# HELP` line. docs/metrics.md lists them with the same words.
package enum ApplianceMetric: String, Sendable, CaseIterable {
    case beltConnected = "wayfinder_belt_connected"
    case beltBatteryPercent = "wayfinder_belt_battery_percent"
    case gpsFix = "wayfinder_gps_fix"
    case gpsFixMode = "wayfinder_gps_fix_mode"
    case walks = "wayfinder_walks_total"
    case offRouteEvents = "wayfinder_off_route_events_total"
    case outboxPendingFiles = "wayfinder_outbox_pending_files"
    case outboxPendingBytes = "wayfinder_outbox_pending_bytes"
    case uploadLastSuccess = "wayfinder_upload_last_success_timestamp_seconds"

    package enum Kind: String, Sendable {
        case gauge
        case counter
    }

    package var name: String { rawValue }

    package var kind: Kind {
        switch self {
        case .walks, .offRouteEvents: .counter
        default: .gauge
        }
    }

    package var help: String {
        switch self {
        case .beltConnected: "1 while the belt is connected, 0 otherwise."
        case .beltBatteryPercent: "The belt's battery charge in percent (0-100) as it last reported it; NaN before its first report."
        case .gpsFix: "1 while the GPS has a current 2D or 3D fix, 0 otherwise."
        case .gpsFixMode: "The current GPS fix's dimensions: 0 no fix, 2 a 2D fix, 3 a 3D fix."
        case .walks: "Walks begun (a start from stopped, not a resume) since the appliance started."
        case .offRouteEvents: "Times the walker went off route since the appliance started."
        case .outboxPendingFiles: "Files waiting in the upload's outbox; 0 without [upload]."
        case .outboxPendingBytes: "Bytes waiting in the upload's outbox; 0 without [upload]."
        case .uploadLastSuccess: "Unix time of the last file stored by the upload; 0 before the first."
        }
    }
}
