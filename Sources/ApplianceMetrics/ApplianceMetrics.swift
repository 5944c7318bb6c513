import CoreMetrics
import Navigation
import Status

/// The appliance's metrics as swift-metrics handles: the gauges set from the status the appliance
/// already keeps for `wayfinder status` (the belt's link and battery, the fix, the outbox), the
/// counters counted from navigation's events. Nothing here asks a device anything.
///
/// The handles come from `factory`: `MetricsSystem.factory` once `wayfinder run` has bootstrapped
/// the metrics system, a factory of their own in tests.
package final class ApplianceMetrics: Sendable {
    private let beltConnected: Gauge
    private let beltBattery: Gauge
    private let gpsFix: Gauge
    private let gpsFixMode: Gauge
    private let walks: Counter
    private let offRouteEvents: Counter
    private let outboxPendingFiles: Gauge
    private let outboxPendingBytes: Gauge
    private let uploadLastSuccess: Gauge

    package init(factory: any MetricsFactory = MetricsSystem.factory) {
        func gauge(_ metric: ApplianceMetric) -> Gauge { Gauge(label: metric.name, factory: factory) }
        func counter(_ metric: ApplianceMetric) -> Counter { Counter(label: metric.name, factory: factory) }
        beltConnected = gauge(.beltConnected)
        beltBattery = gauge(.beltBatteryPercent)
        gpsFix = gauge(.gpsFix)
        gpsFixMode = gauge(.gpsFixMode)
        walks = counter(.walks)
        offRouteEvents = counter(.offRouteEvents)
        outboxPendingFiles = gauge(.outboxPendingFiles)
        outboxPendingBytes = gauge(.outboxPendingBytes)
        uploadLastSuccess = gauge(.uploadLastSuccess)
        // Until the first status: nothing connected, no fix, nothing known of the battery.
        record(StatusReport(wayfinderVersion: "", uptimeSeconds: 0), wallSeconds: 0, fixTimeout: .zero)
    }

    /// Sets the gauges from `report`. `wallSeconds` is the Unix time now, which turns the status's
    /// "seconds ago" of the last upload into the timestamp Prometheus compares with `time()`. The
    /// status names the last fix's mode however old it is; a fix older than `fixTimeout` (navigation's
    /// `fix_timeout_s`, after which guidance counts the GPS as lost) is no fix here.
    package func record(_ report: StatusReport, wallSeconds: Double, fixTimeout: Duration) {
        beltConnected.record(report.belt?.link == .connected ? 1 : 0)
        beltBattery.record(report.belt?.batteryPercent.map(Double.init) ?? .nan)
        let fresh = report.gps?.fixAgeSeconds.map { $0.isFinite && $0 >= 0 && Duration.seconds($0) <= fixTimeout } ?? false
        let mode = fresh ? report.gps?.mode ?? .none : .none
        gpsFix.record(mode == .none ? 0 : 1)
        gpsFixMode.record(Self.dimensions(of: mode))
        outboxPendingFiles.record(Double(report.upload?.pendingFiles ?? 0))
        outboxPendingBytes.record(Double(report.upload?.pendingBytes ?? 0))
        // Whole seconds: the status says how long ago to the second's fraction, which is noise here.
        let ago = report.upload?.lastSuccessSecondsAgo.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        uploadLastSuccess.record(ago.map { (wallSeconds - $0).rounded(.down) } ?? 0)
    }

    /// Counts what `action` reports: a walk begun, the walker gone off route.
    package func count(_ action: GuidanceAction) {
        guard case .report(let event) = action else { return }
        switch event {
        case .started: walks.increment()
        case .offRoute: offRouteEvents.increment()
        default: break
        }
    }

    static func dimensions(of mode: FixStatus.Mode) -> Double {
        switch mode {
        case .none: 0
        case .twoD: 2
        case .threeD: 3
        }
    }
}
