#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// C's `printf` formatting of numbers (`%.1f`, `%5.1f`, `%.0f`, `%d`), done by the C library's
/// `vsnprintf`: the bytes Foundation's `String(format:)` writes (corelibs Foundation hands `%f` and
/// `%d` to the same C formatting), without linking full Foundation, whose `String(format:)` brings
/// ICU's 32 MiB of data into the binary.
///
/// The C locale is in effect (a Swift program does not call `setlocale`), so the decimal separator
/// is always `.`. There is no `%@`: put strings in with Swift's interpolation.
package enum CFormat {
    /// `format` filled with `arguments` as `vsnprintf` writes them; "" if the C library refuses the
    /// format (it returns a negative count only for an encoding error or an output beyond `Int32`).
    package static func string(_ format: String, _ arguments: any CVarArg...) -> String {
        // A va_list is consumed by one call, so each call gets its own.
        let needed = withVaList(arguments) { vsnprintf(nil, 0, format, $0) }
        guard needed >= 0 else { return "" }
        let count = Int(needed)
        var bytes = [CChar](repeating: 0, count: count + 1)
        let written = withVaList(arguments) { list in
            bytes.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
        }
        guard written == needed else { return "" }
        return String(decoding: bytes[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
