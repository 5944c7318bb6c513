/// A file path's directory and its `.`/`..`-free form, worked out on the text alone, as the path
/// methods of Foundation's `NSString` do (swift-corelibs-foundation, NSPathUtilities.swift), without
/// linking full Foundation (whose `NSString` brings ICU's data into the binary).
///
/// Where they differ: `NSString.deletingLastPathComponent` traps on a one-letter relative name and
/// gives "" for `///`; `standardizingPath` also follows symbolic links, where `standardized` is
/// lexical (`/a/link/..` is `/a`), which is what a person reading the path expects.
package enum PathText {
    /// The path without its last component: `/a/b/c` → `/a/b`, `/a/b/` → `/a`, `/a` → `/`, `/` → `/`,
    /// `a` → "", `a/b` → `a`, "" → "". Repeated slashes count as one (`/a//b` → `/a`), as
    /// `NSString.deletingLastPathComponent` does.
    package static func directory(of path: String) -> String {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        let absolute = path.hasPrefix("/")
        guard components.count > 1 else { return absolute ? "/" : "" }
        return (absolute ? "/" : "") + components.dropLast().joined(separator: "/")
    }

    /// The path with empty and `.` components dropped and each `..` taking back the component before
    /// it: `/a/./b/../c/` → `/a/c`, `/..` → `/`. A relative path keeps the `..` it cannot take back
    /// (`../a` stays `../a`); "" stays "".
    package static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var kept: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".":
                continue
            case "..":
                if let last = kept.last, last != ".." {
                    kept.removeLast()
                } else if !absolute {
                    kept.append(component)
                }
            default:
                kept.append(component)
            }
        }
        if absolute { return "/" + kept.joined(separator: "/") }
        return kept.isEmpty && !path.isEmpty ? "." : kept.joined(separator: "/")
    }
}
