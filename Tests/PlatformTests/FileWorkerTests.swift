import Foundation
@testable import Platform
import Synchronization
import XCTest

/// The file worker runs blocking file work in the order it was handed over, on one thread of the
/// appliance's own, and does not hold the caller while a job blocks.
final class FileWorkerTests: XCTestCase {
    func testJobsRunInOrderOnTheWorkersOwnNamedThreadWhileTheCallerGoesOn() throws {
        let worker = FileWorker(name: "wf-test-files")
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let ran = Mutex<[Int]>([])
        let threads = Mutex<Set<String>>([])
        worker.async { gate.wait() }  // a sync stuck on the card
        for i in 0..<100 {
            worker.async {
                let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                threads.withLock { _ = $0.insert(comm.trimmingCharacters(in: .whitespacesAndNewlines)) }
                ran.withLock { $0.append(i) }
                if i == 99 { done.signal() }
            }
        }
        XCTAssertEqual(ran.withLock { $0 }, [], "handed over, not run by the caller, while the first job blocks")
        gate.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(ran.withLock { $0 }, Array(0..<100), "in the order handed over")
        XCTAssertEqual(threads.withLock { $0 }, ["wf-test-files"], "one thread, named")
    }
}
