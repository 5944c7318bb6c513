import CGPIOShim

/// Facts about the libgpiod this binary was built and linked against, for logs and
/// `wayfinder board check` (a Bookworm build on a Trixie image, or the reverse, shows up here).
package enum GPIOLibrary {
    /// libgpiod's own version string at run time, e.g. "1.6.3" or "2.2.1".
    package static var version: String {
        String(cString: wf_gpio_library_version())
    }

    /// The API the shim was compiled for.
    package static var apiFlavour: GPIOAPIFlavour {
        wf_gpio_api_flavour() == WF_GPIO_API_V2 ? .v2 : .v1
    }

    /// Whether requests can have the kernel debounce their lines; without it
    /// `GPIOInputRequest` filters with a `Debouncer` instead.
    package static var hasKernelDebounce: Bool {
        wf_gpio_has_kernel_debounce() != 0
    }
}
