/// Returned by `addTarget`; pass it to `removeTarget` to remove that one action.
public struct GestureTargetToken: Sendable, Hashable {
    let value: Int
}
