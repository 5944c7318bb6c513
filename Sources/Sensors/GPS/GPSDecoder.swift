/// A receiver stream in, epochs out: `GPSStreamParser` and `GPSEpochAssembler` together, as every
/// GPS source (DDC, UART, the `gps decode` command) uses them.
package struct GPSDecoder: Sendable {
    package private(set) var parser = GPSStreamParser()
    package private(set) var assembler = GPSEpochAssembler()
    /// Epochs returned so far.
    package private(set) var epochCount = 0

    package init() {}

    package var counts: GPSStreamCounts { parser.counts }

    /// Feeds bytes received at `now`; returns the epochs they completed.
    package mutating func feed(_ bytes: some Sequence<UInt8>, now: Duration) -> [GPSEpoch] {
        var epochs: [GPSEpoch] = []
        var assembler = self.assembler
        parser.feed(bytes) { message in
            if let epoch = assembler.add(message, now: now) { epochs.append(epoch) }
        }
        self.assembler = assembler
        epochCount += epochs.count
        return epochs
    }

    /// The receiver went quiet between bursts: the open epoch is complete (a live receiver sends one
    /// burst per cycle), so it is returned now rather than when the next cycle's time arrives.
    /// A partial sentence stays pending.
    package mutating func flushEpoch() -> GPSEpoch? {
        guard let epoch = assembler.finish() else { return nil }
        epochCount += 1
        return epoch
    }

    /// The stream ended: flushes what is left, the open epoch last.
    package mutating func finish(now: Duration) -> [GPSEpoch] {
        var epochs: [GPSEpoch] = []
        for message in parser.finish() {
            if let epoch = assembler.add(message, now: now) { epochs.append(epoch) }
        }
        if let epoch = assembler.finish() { epochs.append(epoch) }
        epochCount += epochs.count
        return epochs
    }
}
