/// The Fuffr touch case.
package struct TouchCaseStatus: Sendable, Equatable, Codable {
    package var link: LinkState
    /// The sides whose strips report touches (`left`, `right`, `top`, `bottom`).
    package var sides: [String]
    package var powerSaving: Bool
    /// Touches recognized since the appliance started.
    package var touches: Int

    package init(link: LinkState, sides: [String] = [], powerSaving: Bool = false, touches: Int = 0) {
        self.link = link
        self.sides = sides
        self.powerSaving = powerSaving
        self.touches = touches
    }
}
