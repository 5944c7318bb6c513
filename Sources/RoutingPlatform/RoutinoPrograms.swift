import Platform
import Routing

/// The programs route planning runs, and what installs them. Routino's are run, never linked: its
/// licence (AGPL-3.0-or-later) then stays with its own programs, and a damaged database crashes the
/// router (Routino 3.3.3 and 3.4.3 take SIGSEGV or SIGBUS on a truncated `nodes.mem`), not the
/// appliance.
package struct RoutinoPrograms: Sendable, Hashable {
    package var planetsplitter: String
    package var router: String
    package var osmium: String

    /// The names Debian installs in /usr/bin, found on PATH.
    package static let debian = RoutinoPrograms(planetsplitter: "planetsplitter", router: "routino-router", osmium: "osmium")

    package init(planetsplitter: String, router: String, osmium: String) {
        self.planetsplitter = planetsplitter
        self.router = router
        self.osmium = osmium
    }

    /// The installed Routino's version, from `planetsplitter --version` (which prints it on standard
    /// error: "Routino version 3.3.3 <http://www.routino.org/>.").
    package func routinoVersion() throws(ChildProcessError) -> String? {
        let result = try ChildProcess.run(planetsplitter, ["--version"], timeout: .seconds(10), packageHint: "routino")
        return MapManifest.routinoVersion(fromVersionOutput: String(decoding: result.stderr + result.stdout, as: UTF8.self))
    }
}
