import Navigation

/// How good a track point's fix was, in the three classes the map colours the track by.
///
/// HDOP (horizontal dilution of precision) scales the receiver's range error into position error;
/// the usual reading is about 1 ideal, up to 2 good, 2 to 5 moderate, above 5 poor. A 2D fix has no
/// height solution, which happens with too few satellites, so it is fair at best. A point without a
/// `<fix>` element (older tracks, other tools) is judged by its HDOP alone.
enum FixQuality: Int, Sendable, CaseIterable {
    case good, fair, poor

    init(fix: TrackPoint.Fix?, hdop: Double?) {
        if fix == TrackPoint.Fix.none {
            self = .poor
        } else if let hdop, hdop.isFinite, hdop > 5 {
            self = .poor
        } else if let hdop, hdop.isFinite, hdop > 2 {
            self = .fair
        } else if fix == .twoD {
            self = .fair
        } else {
            self = .good
        }
    }

    var cssClass: String {
        switch self {
        case .good: "q-good"
        case .fair: "q-fair"
        case .poor: "q-poor"
        }
    }

    var colour: String {
        switch self {
        case .good: "#1a9850"
        case .fair: "#f39c12"
        case .poor: "#d7301f"
        }
    }

    var label: String {
        switch self {
        case .good: "good fix (3D, HDOP ≤ 2)"
        case .fair: "fair fix (2D, or HDOP 2–5)"
        case .poor: "poor or no fix (HDOP > 5)"
        }
    }
}
