#if canImport(Glibc)
import Glibc
#endif
import Vocabulary

/// A serial device (the common Pi GPS hat on /dev/serial0) opened raw at a baud rate through
/// termios: no echo, no line editing, no translation, 8N1. Reading runs on a
/// thread of its own blocked in `poll` on the device and a stop pipe that `close()` writes to,
/// feeding a stream of byte chunks for a pure parser.
package final class SerialPort: @unchecked Sendable {
    package let path: String
    private let lock = HandleLock()
    private var fd: Int32  // guarded by lock; -1 once closed
    private var closing = false  // guarded by lock
    private var readerStarted = false  // guarded by lock
    /// Wakes the reader thread's `poll` when the port is closed, so it needs no timeout.
    private let stop = StopFlag()

    package struct Failure: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The baud rates a GPS receiver uses (`GPSBaudRate.supported`), as termios speed constants.
    static func speed(_ baud: Int) -> speed_t? {
        switch baud {
        case 4800: speed_t(B4800)
        case 9600: speed_t(B9600)
        case 19200: speed_t(B19200)
        case 38400: speed_t(B38400)
        case 57600: speed_t(B57600)
        case 115200: speed_t(B115200)
        case 230400: speed_t(B230400)
        default: nil
        }
    }

    package init(path: String, baud: Int) throws(Failure) {
        self.path = path
        guard let speed = Self.speed(baud) else {
            throw Failure(description: "\(baud) baud is not supported; use \(GPSBaudRate.spelled)")
        }
        let opened = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard opened >= 0 else {
            let code = errno
            var hint = ""
            if code == ENOENT {
                hint = path.contains("ttyUSB") || path.contains("ttyACM") || path.hasPrefix("/dev/serial/by-")
                    ? "; is the USB receiver plugged in? (ls /dev/serial/by-id lists what is)"
                    : "; on a Pi enable the UART (enable_uart=1 in config.txt) and check the device name"
            }
            if code == EACCES || code == EPERM {
                throw Failure(description: DeviceAccess.permissionHint(path: path, group: DeviceAccess.owningGroup(of: path)))
            }
            throw Failure(description: "cannot open \(path): \(String(cString: strerror(code)))\(hint)")
        }
        var options = termios()
        guard tcgetattr(opened, &options) == 0 else {
            let code = errno
            Glibc.close(opened)
            throw Failure(description: "\(path) is not a serial device: \(String(cString: strerror(code)))")
        }
        cfmakeraw(&options)
        options.c_cflag |= tcflag_t(CLOCAL) | tcflag_t(CREAD)
        options.c_cflag &= ~(tcflag_t(CSTOPB) | tcflag_t(CRTSCTS))
        cfsetispeed(&options, speed)
        cfsetospeed(&options, speed)
        guard tcsetattr(opened, TCSANOW, &options) == 0 else {
            let code = errno
            Glibc.close(opened)
            throw Failure(description: "cannot configure \(path) at \(baud) baud: \(String(cString: strerror(code)))")
        }
        fd = opened
    }

    deinit {
        if !readerStarted, fd >= 0 { Glibc.close(fd) }
    }

    /// The bytes as they arrive. The stream ends when `close()` is called and throws when the device
    /// goes away (a hat unplugged). Call once.
    package func bytes() -> AsyncThrowingStream<[UInt8], any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self, throwing: (any Error).self,
                                                                     bufferingPolicy: .bufferingNewest(256))
        let descriptor: Int32? = lock.withLock {
            guard !readerStarted, fd >= 0 else { return nil }
            readerStarted = true
            return fd
        }
        guard let descriptor else {
            continuation.finish(throwing: Failure(description: "\(path) is closed"))
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.close() }
        let path = self.path
        let failed = DetachedThread.start(name: "wf-serial") { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            var failure: Failure?
            while !lock.withLock({ closing }) {
                var entries = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), stop.pollEntry]
                let ready = poll(&entries, 2, stop.pollTimeout)
                let p = entries[0]
                if ready < 0 {
                    if errno == EINTR { continue }
                    failure = Failure(description: "\(path): poll failed: \(String(cString: strerror(errno)))")
                    break
                }
                if ready == 0 || p.revents == 0 { continue }
                let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if n > 0 {
                    if case .terminated = continuation.yield(Array(buffer[0..<n])) { break }
                } else if n < 0, errno == EAGAIN || errno == EINTR {
                    continue
                } else if p.revents & Int16(POLLHUP | POLLERR) != 0 || n == 0 {
                    failure = Failure(description: "\(path) went away (device unplugged?)")
                    break
                } else {
                    failure = Failure(description: "\(path): read failed: \(String(cString: strerror(errno)))")
                    break
                }
            }
            lock.withLock {
                Glibc.close(fd)
                fd = -1
            }
            if let failure { continuation.finish(throwing: failure) } else { continuation.finish() }
        }
        if let failed { continuation.finish(throwing: Failure(description: "cannot start a reader thread (\(failed))")) }
        return stream
    }

    /// Stops reading and closes the device.
    package func close() {
        lock.withLock {
            closing = true
            if !readerStarted, fd >= 0 {
                Glibc.close(fd)
                fd = -1
            }
        }
        stop.set()
    }
}
