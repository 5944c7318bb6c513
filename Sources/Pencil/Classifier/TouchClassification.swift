/// `FTTouchClassification` with the SDK's raw values (`FTTouchClassifier.h`).
package enum TouchClassification: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// No pen is connected: the classifier does not run (`ClassificationProxy.cpp`).
    case unknownDisconnected = 0
    case unknown = 1
    case finger = 2
    case palm = 3
    case pen = 4
    case eraser = 5

    package var description: String {
        switch self {
        case .unknownDisconnected: "unknown (disconnected)"
        case .unknown: "unknown"
        case .finger: "finger"
        case .palm: "palm"
        case .pen: "pen"
        case .eraser: "eraser"
        }
    }
}
