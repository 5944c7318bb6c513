#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum ProcessEnvironment {
    static var current: [String: String] { ProcessInfo.processInfo.environment }

    /// The running binary's real path (for finding `boards/` beside a development build).
    static var executablePath: String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }
}
