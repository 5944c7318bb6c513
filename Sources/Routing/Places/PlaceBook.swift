import Vocabulary

/// The wearer's places in the order the configuration lists them: looked up by name, and stepped
/// through one after another by `next-place`.
package struct PlaceBook: Sendable, Hashable {
    package private(set) var places: [Place]

    package init(_ places: [Place]) {
        self.places = places
    }

    /// The place with this name, compared without case; `nil` when there is none.
    package func place(named name: String) -> Place? {
        let lowered = name.lowercased()
        return places.first { $0.name.lowercased() == lowered }
    }

    /// The place after the one named `current` (the first when `current` is nil or unknown), wrapping
    /// around; `nil` when there are no places.
    package func place(after current: String?) -> Place? {
        guard !places.isEmpty else { return nil }
        guard let current, let index = places.firstIndex(where: { $0.name.lowercased() == current.lowercased() }) else {
            return places.first
        }
        return places[(index + 1) % places.count]
    }

    /// Where `endpoint` is: its coordinate, or the named place's.
    package func resolve(_ endpoint: RouteEndpoint) throws(RouteEndpointError) -> Coordinate {
        switch endpoint {
        case .coordinate(let c):
            return c
        case .place(let name):
            guard let place = place(named: name) else {
                throw .unknownPlace(name, known: places.map(\.name))
            }
            return place.coordinate
        }
    }
}
