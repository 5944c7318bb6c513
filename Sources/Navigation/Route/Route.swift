/// The ordered points the belt leads the walker through, whichever GPX
/// structure they came from.
package struct Route: Sendable, Hashable {
    /// Which GPX structure the points were taken from; a track is usually
    /// dense and recorded, a route sparse and planned, so callers may treat
    /// their arrival radius differently.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `<rte>` with `<rtept>` points.
        case route
        /// `<trk>`, all `<trkseg>` segments joined in file order.
        case track
        /// Loose `<wpt>` points, taken in file order.
        case waypoints
    }

    package var name: String?
    package var kind: Kind
    package var waypoints: [Waypoint]

    package init(name: String? = nil, kind: Kind, waypoints: [Waypoint]) {
        self.name = name
        self.kind = kind
        self.waypoints = waypoints
    }

    /// A short fingerprint of the point sequence, so saved progress
    /// ("next waypoint is #7") can be discarded when the route file changed.
    ///
    /// Only the coordinates count, rounded to 1e-7 degree (about 1 cm): a
    /// renamed point or a re-indented file keeps the progress valid, a moved,
    /// added or removed point does not. Computed on demand so it can never go
    /// stale after `waypoints` is edited. The hash is 64-bit FNV-1a, which is
    /// stable across runs and platforms, unlike `Hasher`.
    package var identity: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        for point in waypoints {
            mix("\(Self.e7(point.coordinate.latitude)),\(Self.e7(point.coordinate.longitude));")
        }
        let hex = String(hash, radix: 16)
        return "v1-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Degrees as an integer count of 1e-7 degree. Integers rather than
    /// formatted decimals keep the text locale-free and make -0.0 equal 0.0.
    /// Values that cannot be valid degrees map to 0 instead of trapping.
    static func e7(_ degrees: Double) -> Int64 {
        guard degrees.isFinite, abs(degrees) < 1e11 else { return 0 }
        return Int64((degrees * 10_000_000).rounded())
    }
}
