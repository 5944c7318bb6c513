/// Where "which way the wearer faces" comes from.
package enum HeadingSource: String, Sendable, Hashable, CaseIterable {
    /// The belt's own compass: we command a magnetic bearing and the belt keeps it pointing there.
    case belt
    /// Our I2C compass: we command an angle relative to the body. Falls back to `belt` without a heading.
    case external
}
