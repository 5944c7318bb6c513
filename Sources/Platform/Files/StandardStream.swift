#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard output or standard error, written with write(2): every byte at once, not
/// through stdio's buffer, so a line reaches a pipe (a test, a tool) as soon as it is written.
///
/// Interrupted and partial writes are carried on. A reader that has gone raises SIGPIPE, whose
/// default action ends the process (the commands leave it in place, so `wayfinder … | head` stops
/// quietly); any other failure drops the rest of the text, as `print` does.
package struct StandardStream: Sendable {
    package let descriptor: Int32

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    package static let output = StandardStream(descriptor: STDOUT_FILENO)
    package static let error = StandardStream(descriptor: STDERR_FILENO)

    /// Writes all of `text`'s UTF-8 bytes; false when the descriptor refused them.
    @discardableResult
    package func write(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                // write(2) returns 0 only for a count of 0, which the loop never asks for.
                if n == 0 { return false }
                offset += n
            }
            return true
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
