/// What a map keeps beside Routino's database: the nodes and ways a walker should hear about, which
/// Routino's database does not keep (its nodes have only coordinates and access), and the streets for
/// drawing. Built by `MapIndexBuilder` from OpenStreetMap data at import, written and read by
/// `MapIndexFormat`.
package struct MapIndex: Sendable, Hashable {
    package var crossings: [MapCrossing]
    package var steps: [MapSteps]
    package var barriers: [MapBarrier]
    package var streets: [MapStreet]

    package init(crossings: [MapCrossing] = [], steps: [MapSteps] = [], barriers: [MapBarrier] = [], streets: [MapStreet] = []) {
        self.crossings = crossings
        self.steps = steps
        self.barriers = barriers
        self.streets = streets
    }
}
