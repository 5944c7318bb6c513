/// Paths inside this repository, for tests that use the shipped files (boards, routes, configs).
package enum Repository {
    /// The package root, found from this source file's location.
    package static let root: String = {
        var path = #filePath
        for _ in 0..<3 {
            guard let slash = path.lastIndex(of: "/") else { break }
            path = String(path[..<slash])
        }
        return path
    }()

    package static var boards: String { "\(root)/boards" }
    package static var demoRoute: String { "\(root)/deploy/routes/demo-walk.gpx" }
    package static var demoConfig: String { "\(root)/deploy/demo.toml" }
}
