/// Returned by `addTarget`; pass it to `removeTarget` to remove that one action.
package struct GestureTargetToken: Sendable, Hashable {
    let value: Int
}
