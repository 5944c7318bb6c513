import Foundation
@testable import Platform
import Synchronization
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The appliance's own threads carry names, so `top -H` and `/proc/PID/task/*/comm` on a unit tell a
/// socket reader from the GPIO pump.
final class DetachedThreadTests: XCTestCase {
    func testAStartedThreadIsNamedAndANameIsCutToTheKernelsFifteenBytes() throws {
        for (asked, shown) in [("wf-test", "wf-test"), ("wf-a-name-longer-than-fifteen", "wf-a-name-longe")] {
            let seen = Mutex<String?>(nil)
            let done = DispatchSemaphore(value: 0)
            let failed = DetachedThread.start(name: asked) {
                let comm = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
                seen.withLock { $0 = comm?.trimmingCharacters(in: .whitespacesAndNewlines) }
                done.signal()
            }
            XCTAssertNil(failed)
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
            XCTAssertEqual(seen.withLock { $0 }, shown)
        }
    }
}
