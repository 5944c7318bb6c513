import Logging
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A swift-log handler writing one line per message, naming the actor (the logger's label).
package struct LineLogHandler: LogHandler {
    /// The shared level this handler follows; setting `logLevel` on one handler gives it a level of its
    /// own, as swift-log's value semantics expect.
    package var logLevel: Logger.Level {
        get { threshold.level }
        set { threshold = SharedLogLevel(newValue) }
    }
    private var threshold: SharedLogLevel
    package var metadata: Logger.Metadata = [:]
    package var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let format: LogFormat
    private let sink: @Sendable (String) -> Void

    package init(label: String, level: Logger.Level, format: LogFormat,
                metadataProvider: Logger.MetadataProvider? = nil,
                sink: @escaping @Sendable (String) -> Void = LineLogHandler.standardError) {
        self.init(label: label, level: SharedLogLevel(level), format: format, metadataProvider: metadataProvider, sink: sink)
    }

    /// A handler whose level follows `level`: a change there reaches loggers already made.
    package init(label: String, level: SharedLogLevel, format: LogFormat,
                metadataProvider: Logger.MetadataProvider? = nil,
                sink: @escaping @Sendable (String) -> Void = LineLogHandler.standardError) {
        self.label = label
        self.threshold = level
        self.format = format
        self.metadataProvider = metadataProvider
        self.sink = sink
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
        var message = "\(event.message)"
        if let error = event.error { message += ": \(error)" }
        sink(Self.render(level: event.level, label: label, message: message, metadata: all, format: format,
                         wallClock: format == .terminal ? Self.wallClockString() : ""))
    }

    /// One line, no trailing newline; message newlines are escaped so one event stays one journal entry.
    package static func render(level: Logger.Level, label: String, message: String, metadata: Logger.Metadata,
                              format: LogFormat, wallClock: String) -> String {
        var text = message.replacingNewlines()
        if !metadata.isEmpty {
            text += " " + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        switch format {
        case .journal:
            return "<\(LogFormat.syslogPriority(level))>\(label): \(text)"
        case .terminal:
            // Wide enough for "critical" and a space, so the labels line up whatever the level.
            let levelName = "\(level)".padding(toLength: 9)
            return "\(wallClock) \(levelName)\(label.padding(toLength: 11)) \(text)"
        }
    }

    package static let standardError: @Sendable (String) -> Void = { line in
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { if n < 0 && errno == EINTR { continue }; return }
                offset += n
            }
        }
    }

    /// Local wall-clock time with milliseconds, e.g. `14:03:07.412`.
    static func wallClockString() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        var seconds = spec.tv_sec
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let ms = Int(spec.tv_nsec / 1_000_000)
        let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(msText)"
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }

    fileprivate func replacingNewlines() -> String {
        guard contains(where: \.isNewline) else { return self }
        return split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ⏎ ")
    }
}
