#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Upload

/// The credentials file on disk: found (systemd's copy or the configured path), checked (a regular
/// file only its owner can read or write), read and parsed. Every refusal says what to do.
package enum CredentialsFile {
    /// The name the unit gives the credential: `LoadCredential=upload:/etc/wayfinder/upload.credentials`.
    package static let credentialName = "upload"
    /// A credentials file is a few hundred bytes; anything this large is the wrong file.
    package static let maxBytes = 64 * 1024

    /// The text of the unit's `SetCredential=upload:…`, which systemd gives the service when the
    /// `LoadCredential=` file was missing at start (deploy/wayfinder.service).
    package static let unitDefault = "# no key: the file was missing when the service started"

    /// Where the key is read from: `$CREDENTIALS_DIRECTORY/upload` when systemd passed the credential
    /// (systemd.exec(5), "Credentials"), so the service user needs no access to /etc/wayfinder; the
    /// configured file otherwise, also when the copy is empty or the unit's default (`unitDefault`).
    package static func location(configured: String, credentialsDirectory: String?) -> String {
        guard let directory = credentialsDirectory, !directory.isEmpty else { return configured }
        let candidate = "\(directory)/\(credentialName)"
        var info = stat()
        guard stat(candidate, &info) == 0, info.st_size > 0 else { return configured }
        if info.st_size <= unitDefault.utf8.count + 2, let text = try? readSmall(candidate),
           trimmed(text) == unitDefault {
            return configured
        }
        return candidate
    }

    private static func trimmed(_ text: String) -> Substring {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return text[first...last]
    }

    /// A file of a few bytes, as text.
    private static func readSmall(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw CredentialsFileError([]) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw CredentialsFileError([]) }
        return String(decoding: buffer.prefix(count), as: UTF8.self)
    }

    /// The key in `path`'s `profile`, or why the file is refused: each problem of the file itself
    /// without a line, each problem of its contents at its line.
    package static func load(path: String, profile: String = "default") throws(CredentialsFileError) -> AccessKey {
        func refuse(_ message: String) -> CredentialsFileError {
            CredentialsFileError([CredentialsIssue(file: path, message: message)])
        }
        // O_NONBLOCK: a FIFO in its place must not hang the check; it is refused below as not a file.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT:
                throw refuse("does not exist; write the key there ([\(profile)], aws_access_key_id, aws_secret_access_key, as the AWS CLI's credentials file) and `chmod 600 \(path)`")
            case EACCES:
                throw refuse("cannot be read (permission denied); run as its owner or as root (under systemd the unit's LoadCredential= hands /etc/wayfinder/upload.credentials to the service when it starts: `systemctl restart wayfinder` after writing it)")
            default:
                throw refuse("cannot be opened (\(String(cString: strerror(code))))")
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw refuse("cannot be examined (\(String(cString: strerror(errno))))") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw refuse("is \(kind(info.st_mode)), not a credentials file; name the file itself")
        }
        let permissions = info.st_mode & 0o777
        guard permissions & 0o077 == 0 else {
            throw refuse("is open to its group or others (mode \(octal(permissions))); a secret key must be "
                + "private to its owner: `chmod 600 \(path)`")
        }
        guard info.st_size <= maxBytes else {
            throw refuse("is \(info.st_size) bytes, far more than a credentials file; check the path")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= maxBytes {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw refuse("cannot be read (\(String(cString: strerror(errno))))")
            }
            if count == 0 { break }
            bytes += buffer.prefix(count)
        }
        guard bytes.count <= maxBytes else { throw refuse("is more than \(maxBytes) bytes; check the path") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw refuse("is not UTF-8 text; write it with a text editor")
        }
        return try SharedCredentialsParser.parse(text, file: path, profile: profile)
    }

    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a regular file"
        }
    }

    static func octal(_ permissions: mode_t) -> String {
        let digits = String(permissions, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
