/// Which libgpiod API the C shim was compiled against.
///
/// Pi OS Bookworm ships libgpiod 1.6 (v1 API, no kernel debounce); Pi OS Trixie ships 2.2
/// (v2 API). The choice is made when `CGPIOShim` is preprocessed (`wf_gpio.h` says how), so one
/// binary speaks exactly one of them.
package enum GPIOAPIFlavour: String, Sendable, Equatable, CustomStringConvertible {
    /// libgpiod 1.x: one event fd per line, debounce must happen in user space.
    case v1
    /// libgpiod 2.x: one event fd per request, the kernel can debounce.
    case v2

    package var description: String {
        switch self {
        case .v1: return "libgpiod v1 API"
        case .v2: return "libgpiod v2 API"
        }
    }
}
