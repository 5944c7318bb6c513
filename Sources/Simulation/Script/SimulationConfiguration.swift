import Belt
import Gestures
import Vocabulary

/// The simulated world of `board = "sim"`: a walker, its GPS and compass, and a script of inputs.
package struct SimulationConfiguration: Sendable, Hashable {
    /// Session seconds per real second.
    package var acceleration: Double
    /// Seeds every random process, so a run can be repeated exactly.
    package var seed: UInt64
    package var walkingSpeed: Double
    /// 1σ of the GPS position error, metres; the error wanders slowly, as real receivers' does.
    package var gpsNoise: Double
    package var gpsInterval: Duration
    /// How far the body turns away from the walking direction (amplitude, degrees).
    package var headingSway: Double
    package var compassNoise: Double
    /// The walker starts this far before the first waypoint, metres (0 = on it), unless `start` says
    /// where.
    package var startOffset: Double
    /// Where the walker starts. A route planned on the device is the destination alone until the
    /// walk's first fix, so it cannot say where a walk begins; with a GPX route this replaces the
    /// start before its first waypoint.
    package var start: Coordinate?
    /// What the simulated u-blox receiver streams over DDC.
    package var gpsProtocol: SimulatedGPSProtocol
    /// Hard-iron offset at the simulated magnetometer, µT in its x, y, z axes (a magnet or steel nearby).
    package var compassHardIron: [Double]
    /// Soft-iron distortion of the simulated magnetometer, a 3×3 matrix row by row (9 values):
    /// measured = softIron · true + hardIron. The identity is an undistorted sensor.
    package var compassSoftIron: [Double]
    package var events: [SimulationEvent]

    package static let identitySoftIron: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]

    package init(acceleration: Double = 60, seed: UInt64 = 1, walkingSpeed: Double = 1.4, gpsNoise: Double = 2.5,
                gpsInterval: Duration = .seconds(1), headingSway: Double = 12, compassNoise: Double = 2,
                startOffset: Double = 25, start: Coordinate? = nil, gpsProtocol: SimulatedGPSProtocol = .nmea,
                compassHardIron: [Double] = [0, 0, 0], compassSoftIron: [Double] = SimulationConfiguration.identitySoftIron,
                events: [SimulationEvent] = []) {
        self.acceleration = acceleration
        self.seed = seed
        self.walkingSpeed = walkingSpeed
        self.gpsNoise = gpsNoise
        self.gpsInterval = gpsInterval
        self.headingSway = headingSway
        self.compassNoise = compassNoise
        self.startOffset = startOffset
        self.start = start
        self.gpsProtocol = gpsProtocol
        self.compassHardIron = compassHardIron
        self.compassSoftIron = compassSoftIron
        self.events = events
    }
}

/// Something that happens to the simulated board at a session time.
package struct SimulationEvent: Sendable, Hashable {
    package enum Action: Sendable, Hashable {
        /// A press of a GPIO button (through the button actor).
        case pressButton(line: Int, long: Bool)
        /// Fingers on the simulated touch case (a scripted `gesture`, or raw strokes).
        case touch(SimulatedTouch)
        /// A click of the simulated Pencil's switch ("tip" or "eraser"), held this long.
        case penClick(String, held: Duration)
        /// A press on the simulated belt's own button.
        case beltButton(BeltButton, BeltPressType)
        /// The GPS goes quiet for a while.
        case gpsOutage(Duration)
        /// The compass stops acknowledging on the I2C bus (a loose wire) for a while.
        case compassOutage(Duration)
        /// The belt's link drops and comes back after a while.
        case beltDisconnect(Duration)
        /// The belt refuses the next connection attempt (it is connected to a phone, say).
        case beltRefusesNextConnection
        /// The belt's battery jumps to this charge (a low battery, for instance).
        case beltBattery(percent: Int)
        /// The Pi's supply falls below the firmware's under-voltage threshold (true) or recovers (false).
        case piUnderVoltage(Bool)
        /// The wearer sets the belt's default intensity on its own buttons (5–100 %).
        case beltIntensity(Int)
        /// The belt is plugged in (charging, external) or unplugged (battery).
        case beltPower(BeltPowerStatus)
        /// The Pencil's battery reports this charge (0–100 %).
        case pencilBattery(percent: Int)
        /// An actor throws, to show the supervisor restarting it.
        case failActor(String)
        /// The walker stops following the belt and walks straight on, at its pace and in the direction
        /// it walks, for this long (lost in thought, or misreading the belt): it leaves the route.
        case wander(Duration)
    }

    package var at: Duration
    package var action: Action

    package init(at: Duration, action: Action) {
        self.at = at
        self.action = action
    }
}
