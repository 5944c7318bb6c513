import Navigation

/// One GPIO button: a header line and what a short, a long and a double press mean.
package struct ButtonBinding: Sendable, Hashable {
    /// BCM GPIO number = line offset on the header chip.
    package var line: Int
    package var press: NavigationCommand?
    package var longPress: NavigationCommand?
    /// With a command here, a short press on the line waits `ButtonConfiguration.doublePressWindow`
    /// for a second one before it counts as a press.
    package var doublePress: NavigationCommand?

    package init(line: Int, press: NavigationCommand?, longPress: NavigationCommand? = nil,
                doublePress: NavigationCommand? = nil) {
        self.line = line
        self.press = press
        self.longPress = longPress
        self.doublePress = doublePress
    }
}

package struct ButtonConfiguration: Sendable, Hashable {
    /// Edges closer than this to the previous accepted edge on a line are contact bounce.
    package var debounce: Duration
    /// Held at least this long, a press is a long press.
    package var longPress: Duration
    /// A second short press going down less than this after the first one's release makes a double
    /// press (on lines with a double-press binding).
    package var doublePressWindow: Duration
    package var bindings: [ButtonBinding]
    /// The line that is the Pencil's pairing spot while held (`GPIO5 = "pair-pencil"`): its level, not
    /// its presses, is what counts, so it has no press commands.
    package var pairPencilLine: Int?

    package init(debounce: Duration = .milliseconds(30), longPress: Duration = .milliseconds(800),
                doublePressWindow: Duration = .milliseconds(400), bindings: [ButtonBinding] = []) {
        self.debounce = debounce
        self.longPress = longPress
        self.doublePressWindow = doublePressWindow
        self.bindings = bindings
    }

    package func binding(forLine line: Int) -> ButtonBinding? { bindings.first { $0.line == line } }

    /// Every line the buttons use: the bound ones and the pair control, in order.
    package var lines: [Int] { (bindings.map(\.line) + [pairPencilLine].compactMap { $0 }).sorted() }

    /// The map's value that makes a line the pair control.
    package static let pairPencil = "pair-pencil"

    /// The lines with a double-press binding: only their short presses wait for a second one.
    package var doublePressLines: Set<Int> { Set(bindings.filter { $0.doublePress != nil }.map(\.line)) }
}
