#if canImport(Glibc)
import Glibc
#endif
@testable import UploadRuntime
import XCTest

/// The outbox's thread: jobs run in the order given, one at a time, on one thread that is not the
/// caller's, with the context made on it; after `stop`, a job still gets its answer.
final class BlockingThreadTests: XCTestCase {
    final class Counter: @unchecked Sendable {
        var value = 0
    }

    func testJobsRunInOrderOnTheirOwnThreadWithItsContextAndAnswerAfterStop() async throws {
        let thread = try BlockingThread<Counter>(name: "wf-test") { Counter() }
        let caller = pthread_self()
        let first = await thread.run { context -> [Int] in
            context?.value += 1
            return [context?.value ?? -1, pthread_equal(pthread_self(), caller) != 0 ? 1 : 0]
        }
        XCTAssertEqual(first, [1, 0], "the context made on the thread, and not the caller's thread")
        let order = await withTaskGroup(of: Void.self, returning: Int.self) { group in
            for _ in 0..<50 { group.addTask { _ = await thread.run { context -> Int in context?.value += 1; return 0 } } }
            await group.waitForAll()
            return await thread.run { $0?.value ?? -1 }
        }
        XCTAssertEqual(order, 51, "one at a time: no increment lost")
        thread.stop()
        let late = await thread.run { context -> Bool in context == nil }
        XCTAssertTrue(late, "answered without the thread's context once it is stopping")
    }
}
