#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why an I2C operation failed, in the terms of someone wiring a sensor to a Pi.
///
/// errno mapping: the kernel's convention for "address not acknowledged" is ENXIO
/// (Documentation/i2c/fault-codes.rst), the Pi's i2c-bcm2835 reports a NACK as EREMOTEIO
/// (drivers/i2c/busses/i2c-bcm2835.c), and i2c-stub answers ENODEV for an unknown address
/// (drivers/i2c/i2c-stub.c), so all three mean "no device there".
package enum I2CError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `/dev/i2c-N` does not exist.
    case busNotFound(bus: Int)
    /// The process may not open the bus (Pi OS gives `/dev/i2c-*` to group `i2c`).
    case permissionDenied(bus: Int)
    /// Nothing acknowledged `address` (ENXIO, EREMOTEIO, ENODEV).
    case deviceAbsent(bus: Int, address: UInt8)
    /// The transfer did not finish in time (ETIMEDOUT).
    case timedOut(bus: Int, address: UInt8)
    /// A kernel driver has bound `address` (EBUSY from `I2C_SLAVE`).
    case addressInUse(bus: Int, address: UInt8)
    /// The adapter cannot do this kind of transfer (EOPNOTSUPP).
    case unsupportedOperation(bus: Int, address: UInt8, operation: String)
    /// A block read returned fewer bytes than asked for.
    case shortRead(bus: Int, address: UInt8, register: UInt8, expected: Int, received: Int)
    /// `address` is above 0x7F and so not a 7-bit address.
    case invalidAddress(bus: Int, address: UInt8)
    /// A block transfer length outside 1...limit.
    case invalidLength(bus: Int, count: Int, limit: Int)
    /// The bus was closed.
    case closed(bus: Int)
    /// Any other failure: `operation` at `address` returned `errno`.
    case transferFailed(bus: Int, address: UInt8, operation: String, errno: Int32)

    package var description: String {
        switch self {
        case let .busNotFound(bus):
            return "\(Self.device(bus)) does not exist: enable I2C (raspi-config → Interface Options → I2C, "
                + "or dtparam=i2c_arm=on in config.txt) and load the i2c-dev module "
                + "(modprobe i2c-dev; add it to /etc/modules to keep it)"
        case let .permissionDenied(bus):
            return "permission denied opening \(Self.device(bus)): add the service user to the 'i2c' group "
                + "(usermod -aG i2c USER, then log in again) or give the systemd unit SupplementaryGroups=i2c"
        case let .deviceAbsent(bus, address):
            return "no device acknowledged address \(Self.hex(address)) on \(Self.device(bus)): "
                + "check wiring and power (SDA to GPIO2, SCL to GPIO3, 3.3 V, ground) and the address "
                + "(i2cdetect -y \(bus) shows what answers)"
        case let .timedOut(bus, address):
            return "the transfer to \(Self.hex(address)) on \(Self.device(bus)) timed out: a device may be "
                + "holding the clock low (clock stretching, which the Pi's controller handles badly); "
                + "lower dtparam=i2c_arm_baudrate or power-cycle the sensor"
        case let .addressInUse(bus, address):
            return "address \(Self.hex(address)) on \(Self.device(bus)) is claimed by a kernel driver: "
                + "remove the dtoverlay or unbind the driver that owns it (i2cdetect shows it as UU)"
        case let .unsupportedOperation(bus, address, operation):
            return "\(Self.device(bus)) cannot perform \(operation) for \(Self.hex(address)): the adapter "
                + "lacks that SMBus function (i2cdetect -F \(bus) lists what it supports)"
        case let .shortRead(bus, address, register, expected, received):
            return "reading \(expected) bytes from register \(Self.hex(register)) of \(Self.hex(address)) on "
                + "\(Self.device(bus)) returned only \(received): the device or adapter cut the block "
                + "short; read fewer bytes per transfer"
        case let .invalidAddress(bus, address):
            return "\(Self.hex(address)) is not a 7-bit I2C address (0x00...0x7f) for \(Self.device(bus)): "
                + "use the address from the sensor's datasheet, not the 8-bit read/write form"
        case let .invalidLength(bus, count, limit):
            return "an I2C block transfer on \(Self.device(bus)) must move 1...\(limit) bytes, not \(count): "
                + "split it into several transfers"
        case let .closed(bus):
            return "\(Self.device(bus)) was closed: open the bus again"
        case let .transferFailed(bus, address, operation, code):
            return "\(operation) at \(Self.hex(address)) on \(Self.device(bus)) failed: "
                + "\(String(cString: strerror(code))) (errno \(code)); check wiring, and lower "
                + "i2c_arm_baudrate if the device stretches the clock"
        }
    }

    /// The typed error for an errno returned by a transfer. (EBUSY here means the bus was
    /// busy; EBUSY from selecting an address is `mappingSelect`'s `.addressInUse`.)
    package static func mapping(errno code: Int32, bus: Int, address: UInt8, operation: String) -> I2CError {
        switch code {
        case ENXIO, EREMOTEIO, ENODEV: return .deviceAbsent(bus: bus, address: address)
        case ETIMEDOUT: return .timedOut(bus: bus, address: address)
        case EOPNOTSUPP: return .unsupportedOperation(bus: bus, address: address, operation: operation)
        case EACCES, EPERM: return .permissionDenied(bus: bus)
        case EBADF: return .closed(bus: bus)
        default: return .transferFailed(bus: bus, address: address, operation: operation, errno: code)
        }
    }

    /// The typed error for an errno returned by `ioctl(I2C_SLAVE)`.
    package static func mappingSelect(errno code: Int32, bus: Int, address: UInt8) -> I2CError {
        switch code {
        case EBUSY: return .addressInUse(bus: bus, address: address)
        case EINVAL: return .invalidAddress(bus: bus, address: address)
        default: return mapping(errno: code, bus: bus, address: address, operation: "selecting the address")
        }
    }

    /// The typed error for an errno returned while opening `/dev/i2c-N`.
    package static func mappingOpen(errno code: Int32, bus: Int) -> I2CError {
        switch code {
        case ENOENT, ENODEV, ENXIO: return .busNotFound(bus: bus)
        case EACCES, EPERM: return .permissionDenied(bus: bus)
        default: return .transferFailed(bus: bus, address: 0, operation: "opening \(device(bus))", errno: code)
        }
    }

    package static func device(_ bus: Int) -> String { "/dev/i2c-\(bus)" }

    package static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }
}
