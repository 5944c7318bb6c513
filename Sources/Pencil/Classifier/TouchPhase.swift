/// Where a touch is in its life, as UIKit and the Fuffr case both report it.
public enum TouchPhase: String, Sendable, Hashable {
    case began, moved, ended, cancelled
}
