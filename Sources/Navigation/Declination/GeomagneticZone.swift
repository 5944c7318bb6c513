/// How far a magnetic compass can be trusted at a place, by the horizontal field strength H.
///
/// NOAA's thresholds from the WMM military specification: H < 2000 nT is the blackout zone around
/// a magnetic pole, 2000–6000 nT the caution zone (wmm-calculator 1.4.4,
/// `check_blackout_zone`, which uses ≤ at both bounds, as we do).
package enum GeomagneticZone: String, Sendable, Equatable {
    /// H > 6000 nT: the compass points where the model says.
    case normal
    /// 2000 nT < H ≤ 6000 nT: compass accuracy may be degraded.
    case caution
    /// H ≤ 2000 nT: compass accuracy is highly degraded.
    case blackout

    package init(horizontalIntensity h: Double) {
        if h <= 2000 { self = .blackout } else if h <= 6000 { self = .caution } else { self = .normal }
    }
}
