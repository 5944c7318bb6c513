/// Amazon S3's naming rules for general purpose buckets (Amazon S3 User Guide, "General purpose bucket
/// naming rules"), which S3-compatible servers follow too, so a name that works on one works on all.
package enum S3BucketName {
    /// What is wrong with `name`, or nil when it follows the rules.
    package static func problem(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        guard (3...63).contains(bytes.count) else {
            return "must be 3 to 63 characters long (it has \(name.count))"
        }
        let allowed = bytes.allSatisfy { b in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
        }
        guard allowed else {
            return "may hold only lower-case letters, digits, dots and hyphens"
        }
        guard let first = bytes.first, let last = bytes.last, isAlphanumeric(first), isAlphanumeric(last) else {
            return "must begin and end with a letter or a digit"
        }
        if name.contains("..") { return "must not hold two dots in a row" }
        if looksLikeIPv4(name) { return "must not be written like an IP address" }
        for prefix in ["xn--", "sthree-", "amzn-s3-demo-"] where name.hasPrefix(prefix) {
            return "must not begin with \"\(prefix)\" (reserved by Amazon S3)"
        }
        for suffix in ["-s3alias", "--ol-s3", ".mrap", "--x-s3", "--table-s3"] where name.hasSuffix(suffix) {
            return "must not end with \"\(suffix)\" (reserved by Amazon S3)"
        }
        return nil
    }

    private static func isAlphanumeric(_ b: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
    }

    private static func looksLikeIPv4(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}
