/// SigV4's URI encoding: every byte of the UTF-8 form except the unreserved characters of RFC 3986
/// (`A-Z a-z 0-9 - . _ ~`) as `%XY` with upper-case hex; a space is `%20`, never `+` (AWS, "Create a
/// canonical request for Signature Version 4", the UriEncode rules).
package enum URIEncoding {
    private static let upper = Array("0123456789ABCDEF".utf8)

    /// Encodes everything but the unreserved characters, `/` included.
    package static func component(_ text: String) -> String {
        encode(text, keepingSlash: false)
    }

    /// Encodes everything but the unreserved characters and `/`: a path, segment by segment.
    package static func path(_ text: String) -> String {
        encode(text, keepingSlash: true)
    }

    private static func encode(_ text: String, keepingSlash: Bool) -> String {
        var out: [UInt8] = []
        for b in text.utf8 {
            if isUnreserved(b) || (keepingSlash && b == UInt8(ascii: "/")) {
                out.append(b)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(upper[Int(b >> 4)])
                out.append(upper[Int(b & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isUnreserved(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
