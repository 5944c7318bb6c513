import Config
import Logging
import Platform
import Sensors

/// The seam for the sensors on the board's I2C bus: a u-blox receiver read over DDC, and a compass
/// (QMC5883L, HMC5883L, LIS3MDL, BNO055, or `auto`). The readers (a DDC poller and a compass reader
/// over `any I2CTransport`) are being written on another branch; until they are merged this build
/// has none, and says so at start rather than pretending: `ublox-i2c` stops the start, a compass is
/// reported as an error and the navigation keeps to the belt's own compass.
enum I2CSensorInputs {
    struct Unavailable: Error, CustomStringConvertible {
        let device: String
        let instead: String
        var description: String {
            "ublox-i2c / I2C compass: not in this build (\(device) was configured); \(instead)"
        }
    }

    /// Fixes from a u-blox receiver at `address` on `board.i2cBus`.
    static func ubloxFixes(address: Int, board: BoardDefinition, clock: SessionClock,
                           logger: Logger) throws -> (fixes: AsyncStream<Fix>, feed: InputFeed) {
        throw Unavailable(device: "[gps] source = \"ublox-i2c\" at 0x\(String(address, radix: 16))",
                          instead: "use [gps] source = \"uart\" (the receiver's UART pins) or \"gpsd\"")
    }

    /// Headings from the compass `source` names on `board.i2cBus`.
    static func compassHeadings(_ source: CompassSource, board: BoardDefinition, clock: SessionClock,
                                logger: Logger) throws -> (headings: AsyncStream<Heading>, feed: InputFeed) {
        let name = switch source {
        case .chip(let chip, _): chip
        case .auto: "auto"
        case .none, .simulated: "\(source)"
        }
        throw Unavailable(device: "[compass] source = \"\(name)\"",
                          instead: "set [compass] source = \"none\" to silence this")
    }
}
