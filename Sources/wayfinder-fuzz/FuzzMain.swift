import Foundation
import Fuzzing

// Built two ways. `make fuzz` compiles with -DFUZZING and -sanitize=fuzzer: libFuzzer owns main() and
// calls the entry points below, with the target named in WAYFINDER_FUZZ_TARGET. An ordinary build has
// a main() of its own that runs saved inputs through a target, so a crash file from a fuzzing run
// reproduces in the debugger without the fuzzer: `wayfinder-fuzz nmea-stream crash-…`.

#if FUZZING
nonisolated(unsafe) private var selected: FuzzTarget?

// Public: libFuzzer's own main() calls these two C symbols, which a narrower access level lets the
// optimizer drop or hide.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let name = ProcessInfo.processInfo.environment["WAYFINDER_FUZZ_TARGET"] ?? ""
    if name == "list" {
        // For scripts/fuzz.sh: name, longest input, summary.
        for target in FuzzTargets.all { print("\(target.name)\t\(target.maximumLength)\t\(target.summary)") }
        exit(0)
    }
    guard let target = FuzzTargets.named(name) else {
        let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("set WAYFINDER_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target = selected else { return 0 }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try target.run(bytes)
    } catch {
        // A broken property is a crash to libFuzzer, which then saves the input.
        fatalError("\(target.name): \(error)")
    }
    return 0
}
#else
@main
struct FuzzReplay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--list" {
            for target in FuzzTargets.all { print("\(target.name)\t\(target.maximumLength)\t\(target.summary)") }
            return
        }
        guard let name = arguments.first, let target = FuzzTargets.named(name), arguments.count > 1 else {
            let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
            FileHandle.standardError.write(Data("""
                usage: wayfinder-fuzz TARGET FILE…   run saved inputs through a fuzz target
                       wayfinder-fuzz --list          the targets and what they read
                targets: \(names)
                To fuzz, build with `make fuzz` (libFuzzer); see docs/fuzzing.md.

                """.utf8))
            exit(2)
        }
        var failures = 0
        for file in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("\(file): cannot read\n".utf8))
                failures += 1
                continue
            }
            do {
                try target.run(Array(data))
                print("\(file): ok")
            } catch {
                print("\(file): \(error)")
                failures += 1
            }
        }
        exit(failures == 0 ? 0 : 1)
    }
}
#endif
