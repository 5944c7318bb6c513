import Logging
import Platform
import Prometheus
import Status

/// Writes the metrics file on a timer: at start, then once per interval, each time the gauges set
/// from a fresh status first; the file is removed when the appliance stops.
///
/// The only wake-ups it adds are its own timer's, one per interval, and it exists only when
/// `[metrics]` is configured. A directory that is missing or not writable is logged once, with what
/// to do, and tried again quietly at every interval, so that installing node_exporter or fixing the
/// directory's permissions later needs no restart; the first write that succeeds again says so.
package actor MetricsExporter {
    package static let name = "metrics"

    /// The status the gauges are set from (the control socket's `status`).
    package typealias Sample = @Sendable () async -> StatusReport

    private let metrics: ApplianceMetrics
    private let registry: PrometheusCollectorRegistry
    private let textfile: MetricsTextfile
    private let interval: Duration
    private let fixTimeout: Duration
    private let sample: Sample
    private let wallSeconds: @Sendable () -> Double
    private let clock: SessionClock
    private let logger: Logger
    /// The problem last logged; nil while writing works.
    private var failing: MetricsWriteProblem?
    private var buffer: [UInt8] = []

    /// Files written, and times the timer woke the exporter (tests count them).
    package private(set) var writes = 0
    package private(set) var wakeUps = 0

    package init(metrics: ApplianceMetrics, registry: PrometheusCollectorRegistry, textfile: MetricsTextfile,
                 interval: Duration, fixTimeout: Duration, sample: @escaping Sample, wallSeconds: @escaping @Sendable () -> Double,
                 clock: SessionClock, logger: Logger) {
        self.metrics = metrics
        self.registry = registry
        self.textfile = textfile
        self.interval = interval
        self.fixTimeout = fixTimeout
        self.sample = sample
        self.wallSeconds = wallSeconds
        self.clock = clock
        self.logger = logger
    }

    /// Writes now and then every interval until cancelled; then removes the file.
    package func run() async {
        logger.info("writing metrics to \(textfile.path) every \(interval.components.seconds) s")
        for name in textfile.removeLeftovers(names: DiskFiles().names(in: textfile.directory)) {
            logger.info("removed \(textfile.directory)/\(name), the temporary file of a writer that ended before renaming it")
        }
        await writeNow()
        var next = clock.elapsed + interval
        while !Task.isCancelled {
            do { try await clock.sleep(for: next - clock.elapsed) } catch { break }
            wakeUps += 1
            await writeNow()
            // The next deadline from the last, so a slow status does not drift the interval; after a
            // stall (a suspended Pi) one write, not one per missed interval.
            next = max(next + interval, clock.elapsed)
        }
        textfile.remove()
    }

    /// Sets the gauges from a fresh status and writes the file; true when it was written.
    @discardableResult
    package func writeNow() async -> Bool {
        let report = await sample()
        metrics.record(report, wallSeconds: wallSeconds(), fixTimeout: fixTimeout)
        buffer.removeAll(keepingCapacity: true)
        registry.emit(into: &buffer)
        do {
            try textfile.write(buffer)
        } catch {
            if error != failing {
                logger.error("\(error)")
                failing = error
            } else {
                logger.debug("still cannot write \(textfile.path)")
            }
            return false
        }
        if failing != nil {
            logger.notice("writing \(textfile.path) again")
            failing = nil
        }
        writes += 1
        return true
    }
}
