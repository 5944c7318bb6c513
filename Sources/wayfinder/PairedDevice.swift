import ArgumentParser
import BLE
import Config

/// The devices `wayfinder pair` knows, as the command line spells them, with what each needs.
enum PairedDevice: String, CaseIterable, ExpressibleByArgument {
    case belt
    case touchCase = "touch-case"
    case pencil

    var kind: DeviceKind {
        switch self {
        case .belt: return .belt
        case .touchCase: return .touchCase
        case .pencil: return .pencil
        }
    }

    func selection(in configuration: WayfinderConfiguration) -> DeviceSelection {
        switch self {
        case .belt: return configuration.belt
        case .touchCase: return configuration.touchCase
        case .pencil: return configuration.pencil
        }
    }

    /// How to put it into pairing mode, said as an instruction.
    var pairingModeHint: String {
        switch self {
        // pybelt's README: hold Home until fast pulses start (≥5 s); pairing mode lasts 60 s.
        case .belt: return "Hold the belt's Home button until it vibrates in fast pulses (about 5 s; pairing mode lasts 60 s)"
        case .touchCase: return "Switch the touch case on"
        case .pencil: return "Wake the pencil by pressing its tip"
        }
    }

    /// What the vendor's own libraries do about pairing, where they never do it.
    var vendorNote: String? {
        switch self {
        case .belt: return nil
        // FuffrLib (fuffr/fuffr-ios) never requests encryption or bonding.
        case .touchCase: return "FuffrLib never pairs with the touch case; pair only if yours refuses unencrypted links"
        // FiftyThreeSDK-API-FAQ.md: the SDK deliberately avoids bonding so a pencil can move between iPads.
        case .pencil: return "the FiftyThree SDK never bonds with the pencil; pair only if yours refuses unencrypted links"
        }
    }
}
