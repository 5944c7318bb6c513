import Foundation
import Logging
@testable import Runtime
import ServiceLifecycle
import Synchronization
import WayfinderTestKit
import XCTest

/// A stop has a limit (`StopDeadline`): past it the process ends saying which services held the stop
/// (`RunningServices`), where ServiceLifecycle's own limit would end it in a `fatalError`.
final class StopDeadlineTests: XCTestCase {
    /// Returns as soon as a graceful shutdown or a cancellation reaches it.
    private struct Prompt: Service, CustomStringConvertible {
        let description: String
        func run() async throws {
            let (never, continuation) = AsyncStream<Void>.makeStream()
            defer { continuation.finish() }
            _ = try? await cancellingAtGracefulShutdown { for await _ in never {} }
        }
    }

    /// Hears neither a graceful shutdown nor a cancellation: returns when the test releases it.
    private struct Stuck: Service, CustomStringConvertible {
        let description: String
        let release: StuckRelease
        func run() async throws { await release.wait() }
    }

    /// The group runs on a test loop, drained: each step of the shutdown has happened when `drain`
    /// returns.
    func testTheServicesAskedToStopThatHaveNotReturnedAreTheOnesHoldingTheStop() throws {
        let loop = TestEventLoop()
        let release = StuckRelease()
        let running = RunningServices()
        let services = running.tracking([
            .described(Prompt(description: "board"), onSuccess: .ignore, onFailure: .ignore),
            .described(Stuck(description: "upload", release: release), onSuccess: .ignore, onFailure: .ignore),
            .described(Prompt(description: "systemd"), onSuccess: .ignore, onFailure: .ignore),
        ])
        XCTAssertEqual(services.map(\.serviceName), ["board", "upload", "systemd"], "the group sees the same names")
        let group = ServiceGroup(configuration: .init(services: services, logger: Logger(label: "test")))
        let ended = Mutex(false)
        loop.spawn {
            try? await group.run()
            ended.withLock { $0 = true }
        }
        loop.drain()
        XCTAssertEqual(running.names, ["board", "upload", "systemd"])
        XCTAssertEqual(running.holdingTheStop, [], "nothing was asked to stop yet")

        // A graceful shutdown asks the last service first, then the next once it has returned.
        loop.spawn { await group.triggerGracefulShutdown() }
        loop.drain()
        XCTAssertEqual(running.holdingTheStop, ["upload"])
        XCTAssertEqual(running.names, ["board", "upload"], "systemd returned; the board was not asked yet")

        release.open()
        loop.drain()
        XCTAssertTrue(ended.withLock { $0 }, "the group returned once the stuck service did")
        XCTAssertEqual(running.names, [])
        XCTAssertEqual(running.holdingTheStop, [])
    }

    func testAnArmedDeadlineReportsWhatIsStillRunningWhenItRunsOut() throws {
        let loop = TestEventLoop()
        let release = StuckRelease()
        let running = RunningServices()
        let overrun = Mutex<StopDeadline.Overrun?>(nil)
        let deadline = StopDeadline(limit: .seconds(1), running: running) { found in overrun.withLock { $0 = found } }
        let services = running.tracking([
            .described(Prompt(description: "board"), onSuccess: .ignore, onFailure: .ignore),
            .described(Stuck(description: "upload", release: release), onSuccess: .ignore, onFailure: .ignore),
            .described(StopDeadlineService(deadline: deadline), onSuccess: .ignore, onFailure: .ignore),
        ])
        let group = ServiceGroup(configuration: .init(services: services, logger: Logger(label: "test")))
        loop.spawn { try? await group.run() }
        loop.drain()
        // The deadline is armed and the upload asked to stop before the loop is idle again.
        loop.spawn { await group.triggerGracefulShutdown() }
        loop.drain()
        XCTAssertEqual(running.holdingTheStop, ["upload"])
        // The deadline's own thread, on the monotonic clock: polled, bounded.
        try eventually("the deadline to run out", timeout: .seconds(10)) { overrun.withLock { $0 } != nil }
        XCTAssertEqual(overrun.withLock { $0 }, StopDeadline.Overrun(holding: ["upload"], running: ["board", "upload"]))
        release.open()
        loop.drain()
        XCTAssertEqual(running.names, [])
    }

    /// A disarmed deadline's thread returns at once without acting: with an hour's limit, its thread
    /// can only be gone because the disarm woke it.
    func testADisarmedDeadlineReturnsWithoutActing() async throws {
        let fired = Mutex(false)
        let before = Self.threads(named: "wf-stop")
        let deadline = StopDeadline(limit: .seconds(3600), running: RunningServices()) { _ in fired.withLock { $0 = true } }
        XCTAssertTrue(deadline.arm(), "the waiting thread started")
        try await eventually("the deadline's thread to start", timeout: .seconds(10)) { () async -> Bool in
            Self.threads(named: "wf-stop") == before + 1
        }
        deadline.disarm()
        // The deadline's own thread, as the kernel lists it: polled, bounded.
        try await eventually("the disarmed deadline's thread to return", timeout: .seconds(10)) { () async -> Bool in
            Self.threads(named: "wf-stop") == before
        }
        XCTAssertFalse(fired.withLock { $0 })
    }

    /// This process's threads named `name` (/proc/self/task/*/comm).
    private static func threads(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == name
        }.count
    }

    func testTheOverrunSaysWhatTheStopWasWaitingFor() {
        XCTAssertEqual("\(StopDeadline.Overrun(holding: ["upload"], running: ["board", "belt", "upload"]))",
                       "waiting for upload to return; not yet asked to stop: board, belt")
        XCTAssertEqual("\(StopDeadline.Overrun(holding: ["belt", "upload"], running: ["belt", "upload"]))",
                       "waiting for belt, upload to return")
        XCTAssertEqual("\(StopDeadline.Overrun(holding: [], running: ["board"]))", "not yet asked to stop: board")
        XCTAssertEqual("\(StopDeadline.Overrun(holding: [], running: []))", "every service had returned, the process had not ended")
    }
}

/// A gate a stuck service waits at, ignoring cancellation, until the test opens it.
final class StuckRelease: Sendable {
    private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume() }
    }
}
