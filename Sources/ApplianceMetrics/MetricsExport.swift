import Prometheus

/// What `wayfinder run` hands the appliance when `[metrics]` is configured: the metrics (made from
/// the bootstrapped metrics system), the registry behind them, where the file goes and how often.
package struct MetricsExport: Sendable {
    package var metrics: ApplianceMetrics
    package var registry: PrometheusCollectorRegistry
    package var textfile: MetricsTextfile
    package var interval: Duration

    package init(metrics: ApplianceMetrics, registry: PrometheusCollectorRegistry, textfile: MetricsTextfile,
                 interval: Duration) {
        self.metrics = metrics
        self.registry = registry
        self.textfile = textfile
        self.interval = interval
    }
}
