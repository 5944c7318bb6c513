import Gestures
import Pencil
import Platform

/// Where a command came from, for the log line the navigation actor writes ("command stop from
/// button GPIO17 (long press)") and for anyone who needs to tell the sources apart.
package enum CommandSource: Sendable, Hashable, CustomStringConvertible {
    /// A press of a GPIO button, by its line and the kind of press the decoder reported.
    case button(line: Int, press: ButtonPressDecoder.Kind)
    /// A gesture on the touch case, by its binding's gesture.
    case gesture(RecognizedGesture)
    /// A click of one of the Pencil's switches.
    case pencilClick(PenSwitch)
    /// `autostart = true` at start.
    case autostart
    /// The walk that was under way when the process stopped, resumed from the saved progress.
    case resumeAfterRestart
    /// `wayfinder control`, by the user and process the kernel named.
    case controlSocket(ControlPeerDescription)

    package var description: String {
        switch self {
        case .button(let line, let press): "button GPIO\(line) (\(Self.name(press)))"
        case .gesture(let gesture): "gesture \(gesture)"
        case .pencilClick(let pen): "pencil \(pen.rawValue) click"
        case .autostart: "autostart"
        case .resumeAfterRestart: "resume after restart"
        case .controlSocket(let peer): "\(peer)"
        }
    }

    /// The press as the log names it.
    static func name(_ press: ButtonPressDecoder.Kind) -> String {
        switch press {
        case .single: "press"
        case .long: "long press"
        case .double: "double press"
        }
    }
}
