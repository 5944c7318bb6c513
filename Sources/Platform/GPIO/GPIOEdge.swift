/// The direction of a line change in the line's logical level: electrical unless the lines were
/// requested `activeLow`, which swaps the two (a grounded button's press then reads `.rising`).
package enum GPIOEdge: String, Sendable, Hashable, CustomStringConvertible {
    case rising
    case falling

    package var description: String { rawValue }
}
