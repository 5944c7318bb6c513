import Belt
import Clocks
import Dispatch
import Foundation
import Navigation
import Platform
@testable import Runtime
import Sensors
import Synchronization
import WayfinderTestKit
import XCTest

/// The progress file is written after the belt is told, off the navigation actor: a slow card delays
/// the file, never the vibration.
final class ProgressWriterTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "wayfinder-progress-writer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    let route = Route(name: "test", kind: .route, waypoints: [
        Waypoint(name: "A", coordinate: Coordinate(latitude: 52.0000, longitude: 8.0000)),
        Waypoint(name: "B", coordinate: Coordinate(latitude: 52.0010, longitude: 8.0000)),
    ])

    /// A directory sync that waits for the test: the write it belongs to cannot finish until released.
    /// Only the file worker's thread blocks on it; the test polls `entered` without blocking a thread of
    /// the concurrency pool, which may have only one.
    final class Gate: Sendable {
        private let count = Mutex(0)
        let release = DispatchSemaphore(value: 0)
        var sync: AtomicFile.DirectorySync {
            { fd in self.count.withLock { $0 += 1 }; self.release.wait(); return fsync(fd) }
        }
        var entered: Int { count.withLock { $0 } }

        /// Returns once `n` writes have reached the sync (fails the test after 20 s).
        func waitUntilEntered(_ n: Int) async throws {
            // The write runs on the file worker's thread (`FileWorker`), which no test loop runs, and is
            // what this test holds there: polled, bounded.
            try await eventually("\(n) writes at their directory sync", timeout: .seconds(20), every: .milliseconds(1)) { entered >= n }
        }
    }

    func testTheBeltIsToldOfAStartBeforeTheProgressFileIsWritten() async throws {
        let gate = Gate()
        let store = ProgressStore(directory: directory, syncDirectory: gate.sync)
        let told = Mutex<[BeltRequest]>([])
        let (beltRequests, beltSink) = AsyncStream<BeltRequest>.makeStream()
        let (commands, commandSink) = AsyncStream<CommandEnvelope>.makeStream()
        let (fixes, _) = AsyncStream<Fix>.makeStream()
        let (headings, _) = AsyncStream<Heading>.makeStream()
        let (beltReports, _) = AsyncStream<BeltActor.Report>.makeStream()
        let actor = NavigationActor(
            guidance: RouteGuidance(route: route, parameters: GuidanceParameters()), store: store,
            inputs: .init(fixes: fixes, headings: headings, commands: commands, beltReports: beltReports),
            beltRequests: beltSink, autostart: false, clock: SessionClock(TestClock()),
            logger: LogCapture(level: .info).logger(NavigationActor.name),
            health: HealthMonitor(expected: [NavigationActor.name]), status: StatusBoard(order: [NavigationActor.name]),
            observer: { o in if case .belt(let request) = o.action { told.withLock { $0.append(request) } } })
        let task = Task { try await actor.run() }

        commandSink.yield(CommandEnvelope(.start, from: .button(line: 5, press: .single)))
        // The write is held at its directory sync; the belt was told before it began.
        try await gate.waitUntilEntered(1)
        let start = BeltRequest.startNavigation(direction: 0, isMagneticBearing: true, signal: nil)
        XCTAssertEqual(told.withLock { $0 }, [start], "the start went to the belt before the file write")
        var requests = beltRequests.makeAsyncIterator()
        let first = await requests.next()
        XCTAssertEqual(first, start)
        let state = await actor.state
        XCTAssertEqual(state, .navigating, "the actor answers while the card is busy")

        gate.release.signal()
        await actor.progressWritten()
        XCTAssertEqual(try store.load()?.isNavigating, true)

        gate.release.signal()
        actor.mailbox.send(.shutdown)
        try await task.value
        XCTAssertEqual(try store.load()?.isNavigating, false, "shutdown waits for its own save")
        commandSink.finish()
    }

    func testProgressHandedOverWhileAWriteIsUnderWayReplacesOlderProgressStillWaiting() async throws {
        let gate = Gate()
        let store = ProgressStore(directory: directory, syncDirectory: gate.sync)
        let writer = ProgressWriter(store: store, logger: LogCapture(level: .info).logger("test"))
        writer.save(RouteProgress(routeIdentity: route.identity, currentIndex: 0, skipped: [], isNavigating: true))
        try await gate.waitUntilEntered(1)
        writer.save(RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: true))
        writer.save(RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: false))
        gate.release.signal()
        try await gate.waitUntilEntered(2)
        gate.release.signal()
        gate.release.signal() // a third write, if there were one, would not hang the test
        await writer.written()
        XCTAssertEqual(try store.load(), RouteProgress(routeIdentity: route.identity, currentIndex: 1, skipped: [0], isNavigating: false),
                       "the newest progress")
        XCTAssertEqual(gate.entered, 2, "two writes, not three: the middle progress was replaced")
    }
}
