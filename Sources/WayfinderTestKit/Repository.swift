/// Paths inside this repository, for tests that use the shipped files (boards, routes, configs).
public enum Repository {
    /// The package root, found from this source file's location.
    public static let root: String = {
        var path = #filePath
        for _ in 0..<3 {
            guard let slash = path.lastIndex(of: "/") else { break }
            path = String(path[..<slash])
        }
        return path
    }()

    public static var boards: String { "\(root)/boards" }
    public static var demoRoute: String { "\(root)/deploy/routes/demo-walk.gpx" }
    public static var demoConfig: String { "\(root)/deploy/demo.toml" }
}
