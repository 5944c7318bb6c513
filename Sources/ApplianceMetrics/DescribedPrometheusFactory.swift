import CoreMetrics
import Prometheus

/// swift-prometheus's `PrometheusMetricsFactory` with the `# HELP` text of the appliance's metrics.
///
/// The swift-metrics API has no help text: `PrometheusMetricsFactory` registers every metric with an
/// empty one, and swift-prometheus emits no `# HELP` line for it. The registry takes the text with the
/// name (`MetricNameDescriptor`), and refuses (a fatal error) a second registration of a name with
/// another text, so a name `ApplianceMetric` knows is registered here with its text, and every other
/// name, of a library that uses swift-metrics, as the plain factory does.
package struct DescribedPrometheusFactory: MetricsFactory {
    package let registry: PrometheusCollectorRegistry
    private let plain: PrometheusMetricsFactory

    package init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        self.plain = PrometheusMetricsFactory(registry: registry)
    }

    private static func descriptor(_ label: String) -> MetricNameDescriptor? {
        ApplianceMetric(rawValue: label).map {
            MetricNameDescriptor(metricName: $0.name, unitName: "", helpText: $0.help)
        }
    }

    package func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        guard let descriptor = Self.descriptor(label) else { return plain.makeCounter(label: label, dimensions: dimensions) }
        return registry.makeCounter(descriptor: descriptor, labels: dimensions)
    }

    package func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        guard let descriptor = Self.descriptor(label) else {
            return plain.makeFloatingPointCounter(label: label, dimensions: dimensions)
        }
        return registry.makeCounter(descriptor: descriptor, labels: dimensions)
    }

    package func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        guard !aggregate, let descriptor = Self.descriptor(label) else {
            return plain.makeRecorder(label: label, dimensions: dimensions, aggregate: aggregate)
        }
        return registry.makeGauge(descriptor: descriptor, labels: dimensions)
    }

    package func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        guard let descriptor = Self.descriptor(label) else { return plain.makeMeter(label: label, dimensions: dimensions) }
        return registry.makeGauge(descriptor: descriptor, labels: dimensions)
    }

    package func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        plain.makeTimer(label: label, dimensions: dimensions)
    }

    package func destroyCounter(_ handler: any CounterHandler) { plain.destroyCounter(handler) }
    package func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) { plain.destroyFloatingPointCounter(handler) }
    package func destroyRecorder(_ handler: any RecorderHandler) { plain.destroyRecorder(handler) }
    package func destroyMeter(_ handler: any MeterHandler) { plain.destroyMeter(handler) }
    package func destroyTimer(_ handler: any TimerHandler) { plain.destroyTimer(handler) }
}
