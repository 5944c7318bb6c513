import Routing

/// What an import made and what it took.
package struct MapImportReport: Sendable {
    package var directory: String
    package var manifest: MapManifest
    /// The whole import, and each program's share.
    package var seconds: Double
    package var planetsplitterSeconds: Double
    package var osmiumSeconds: Double

    package var bytes: Int { manifest.files.reduce(0) { $0 + $1.bytes } }
}
