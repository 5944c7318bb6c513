/// Reads the files a core is given by name (the configuration's board files and route, a route the
/// walker switches to), for the cores that do no file I/O of their own.
///
/// Why a protocol: the configuration is read and checked by pure code, tested on texts; the appliance
/// and its commands hand it Platform's `DiskFiles`.
package protocol FileReading: Sendable {
    /// The file's bytes; nil when it does not exist.
    func read(_ path: String) throws(FileReadError) -> [UInt8]?
    /// The names of the entries in `directory`; none when it cannot be listed.
    func names(in directory: String) -> [String]
}
