/// The Fuffr touch case.
public struct TouchCaseStatus: Sendable, Equatable, Codable {
    public var link: LinkState
    /// The sides whose strips report touches (`left`, `right`, `top`, `bottom`).
    public var sides: [String]
    public var powerSaving: Bool
    /// Touches recognized since the appliance started.
    public var touches: Int

    public init(link: LinkState, sides: [String] = [], powerSaving: Bool = false, touches: Int = 0) {
        self.link = link
        self.sides = sides
        self.powerSaving = powerSaving
        self.touches = touches
    }
}
