import Vocabulary

/// A place where a footway crosses a road, with what a walker who cannot see it needs to know: how it
/// is controlled and what helps (OpenStreetMap's `highway=crossing`, `crossing=*`,
/// `traffic_signals:sound`/`:vibration`, `tactile_paving`, `kerb` keys, as the OSM wiki defines them).
package struct MapCrossing: Sendable, Hashable {
    package enum Control: String, Sendable, Hashable, CaseIterable {
        /// `crossing=traffic_signals`, or signals on the node.
        case signals
        /// `crossing=zebra|marked|uncontrolled` or `crossing_ref=zebra`: marked, no lights.
        case marked
        /// `crossing=unmarked|no`.
        case unmarked
        /// A crossing node with nothing said about it.
        case unknown
    }

    package var coordinate: Coordinate
    package var control: Control
    package var sound: Bool
    package var vibration: Bool
    package var tactilePaving: Bool
    package var loweredKerb: Bool
    /// The names of the roads through the node, which are what the walker crosses; empty when the road
    /// has no name.
    package var roads: [String]
    /// The axis of the crossed road at the node, in degrees [0, 180); `nil` when no road way passes
    /// through the node. A route that runs along this axis passes the crossing instead of taking it.
    package var roadAxis: Double?

    package init(coordinate: Coordinate, control: Control = .unknown, sound: Bool = false, vibration: Bool = false,
                 tactilePaving: Bool = false, loweredKerb: Bool = false, roads: [String] = [], roadAxis: Double? = nil) {
        self.coordinate = coordinate
        self.control = control
        self.sound = sound
        self.vibration = vibration
        self.tactilePaving = tactilePaving
        self.loweredKerb = loweredKerb
        self.roads = roads
        self.roadAxis = roadAxis
    }

    /// How the crossing is said to the walker: "cross Vester Voldgade, signals with sound".
    package var spoken: String {
        var text = roads.isEmpty ? "cross the road" : "cross " + roads.joined(separator: " / ")
        var details: [String] = []
        switch control {
        case .signals:
            let aids = [sound ? "sound" : nil, vibration ? "vibration" : nil].compactMap { $0 }
            details.append(aids.isEmpty ? "signals" : "signals with " + aids.joined(separator: " and "))
        case .marked: details.append("marked, no signals")
        case .unmarked: details.append("unmarked")
        case .unknown: break
        }
        if tactilePaving { details.append("tactile paving") }
        if loweredKerb { details.append("lowered kerb") }
        if !details.isEmpty { text += ", " + details.joined(separator: ", ") }
        return text
    }
}
