import ArgumentParser
import Config
import Platform
import Routing

/// The places a command's endpoints name, from the configuration's `[places]`: read only when an
/// endpoint is a place, so that coordinates need no configuration file at all.
enum PlacesFile {
    static func book(for endpoints: [RouteEndpoint], config: String?) throws -> PlaceBook {
        guard endpoints.contains(where: { if case .place = $0 { return true } else { return false } }) else { return PlaceBook([]) }
        let path = config ?? WayfinderConfiguration.defaultPath
        let bytes: [UInt8]?
        do {
            bytes = try DiskFiles().read(path)
        } catch {
            printError("error: \(path): cannot be read (\(error)); the places are in the configuration's [places] table")
            throw ExitCode(66)
        }
        guard let bytes else {
            printError("error: \(path) does not exist; a place name is looked up in a configuration's [places] table (give one with -c)")
            throw ExitCode(66)
        }
        do {
            return PlaceBook(try ConfigurationLoader.places(text: String(decoding: bytes, as: UTF8.self), path: path))
        } catch {
            printError("\(error)")
            throw ExitCode(78)
        }
    }
}
