import Belt
import Config
import Navigation
import Platform
import Sensors
import Vocabulary

/// Everything outside the Pi on the simulated board, as one pure state machine advanced in time:
/// the walker, its GPS receiver and compass, the belt it wears, and the script of inputs.
///
/// `advance(to:)` returns what the board's sensors and inputs produce in that time. The sensors'
/// output is bytes and fields, not values: the receiver's NMEA/UBX stream goes into the simulated
/// u-blox DDC device and the field at the compass into the simulated QMC5883L, where the real
/// drivers and parsers read them (`SimulatedBoard.i2c`).
package struct SimulatedWorld: Sendable {
    package struct Output: Sendable {
        /// The receiver's solutions this step (the truth the byte stream encodes), for tests.
        package var fixes: [Fix] = []
        /// The magnetic headings the compass field encodes this step (with the configured noise), for tests.
        package var headings: [Heading] = []
        /// What the receiver streamed: one burst per epoch, also during an outage (no position then).
        /// Kept apart because the receiver queues each burst on its own: a full output buffer drops
        /// the burst that does not fit, not everything that arrived since the host last looked.
        package var receiverBursts: [[UInt8]] = []
        /// The bursts as one stream.
        package var receiverBytes: [UInt8] { receiverBursts.flatMap { $0 } }
        /// The field at the compass (µT, sensor axes, distorted), when it changed this step.
        package var compassField: Vector3?
        /// The compass stopped (true) or resumed (false) acknowledging on the bus this step.
        package var compassUnplugged: Bool?
        package var buttonEdges: [GPIOEdgeEvent] = []
        /// Fingers put on the simulated touch case, and clicks of the simulated Pencil.
        package var touches: [SimulatedTouch] = []
        package var penClicks: [(pen: String, held: Duration)] = []
        /// Charges the simulated Pencil's battery reports, percent.
        package var pencilBattery: [UInt8] = []
        /// What the belt's GATT server notified (only on characteristics a central subscribed to).
        package var beltNotifications: [BeltWrite] = []
        package var actorFailures: [String] = []
        /// The belt's link dropped and the belt stops advertising until the given time.
        package var beltLinkDropped = false
        /// The belt was switched off (its power button held) or on again.
        package var beltSwitchedOff = false
        package var beltSwitchedOn = false
        /// The Pi firmware's `get_throttled` value changed to this.
        package var piThrottled: ThrottledFlags?
        /// The walker stopped following the belt for this long (scripted `wander_s`).
        package var wanderedOff: Duration?
        /// The walker follows the belt again after wandering.
        package var wanderEnded = false
    }

    package let configuration: SimulationConfiguration
    /// The "true" declination of the simulated world, degrees east.
    package let declination: Double
    package private(set) var walker: Walker
    /// The belt's GATT side, around the belt model.
    package private(set) var peripheral = BeltPeripheral()
    /// The belt above the byte level; its `violations` are commands the belt refused.
    package var belt: SimulatedBelt { peripheral.belt }
    package private(set) var now: Duration = .zero
    /// The walker's true position once a second, for checking where it really went.
    package private(set) var track: [(at: Duration, position: Coordinate)] = []
    /// Every fix the receiver produced, in order.
    package private(set) var fixLog: [Fix] = []
    package private(set) var beltAvailableAt: Duration = .zero
    package private(set) var isBeltConnected = false
    /// Whether the belt advertises: switched on, not connected, in reach.
    package var beltAdvertises: Bool { !isBeltConnected && now >= beltAvailableAt }
    /// Scripted: the next connection attempt fails.
    package private(set) var refusesNextConnection = false
    /// What the Pi's firmware would answer to `get_throttled` (`ThrottledFlags`), as the script sets it.
    package private(set) var piThrottled: ThrottledFlags = []

    /// The field the simulated compass sits in.
    package let magneticField: SimulatedMagneticField
    /// The receiver that turns solutions into bytes.
    package private(set) var receiver: SimulatedReceiver

    private var random: SeededRandom
    private var gpsError: GPSErrorModel
    private var nextFixAt: Duration = .zero
    private var nextHeadingAt: Duration = .zero
    private var nextTrackAt: Duration = .zero
    private var gpsQuietUntil: Duration = .zero
    /// When a scripted compass outage ends; nil when the compass is answering.
    private var compassBackAt: Duration?
    /// Until when the walker ignores the belt and walks straight on (scripted `wander_s`).
    package private(set) var wanderingUntil: Duration?
    private var script: [SimulationEvent]
    private var pendingEdges: [GPIOEdgeEvent] = []

    package static let headingInterval: Duration = .milliseconds(200)

    /// The walker starts at the script's `start`, or `startOffset` metres before the first waypoint, facing it.
    /// UTC (seconds since 1970) at session time zero; the simulated receiver dates its fixes from it,
    /// as a real one does once it has the time. nil: undated fixes.
    package var utcAtStart: Double?

    /// `field` is the Earth's field at the route (inclination, intensity); the configured distortion is
    /// applied to it.
    package init(route: Route, configuration: SimulationConfiguration, declination: Double, utcAtStart: Double? = nil,
                field: SimulatedMagneticField = .osnabrueck) {
        self.configuration = configuration
        self.declination = declination
        self.utcAtStart = utcAtStart
        magneticField = field.distorted(by: configuration)
        receiver = SimulatedReceiver(output: configuration.gpsProtocol)
        var random = SeededRandom(seed: configuration.seed)
        let first = route.waypoints.first?.coordinate ?? Coordinate(latitude: 0, longitude: 0)
        let start: Coordinate, facing: Double
        if let configured = configuration.start {
            // Where the script says, facing the first waypoint (a planned route's is its destination).
            start = configured
            facing = Geodesic.wgs84.inverse(from: configured, to: first).initialAzimuth
        } else {
            var approach = 0.0
            if route.waypoints.count > 1 {
                approach = Geodesic.wgs84.inverse(from: first, to: route.waypoints[1].coordinate).initialAzimuth
            }
            // Behind the first waypoint, slightly to the side, so the first leg has a real direction.
            start = configuration.startOffset > 0
                ? Geodesic.wgs84.direct(from: first, azimuth: approach + 160, distance: configuration.startOffset).destination
                : first
            facing = approach
        }
        walker = Walker(position: start, facing: facing.isFinite ? facing : 0, speed: configuration.walkingSpeed,
                        sway: configuration.headingSway)
        gpsError = GPSErrorModel(sigma: configuration.gpsNoise, random: &random)
        self.random = random
        script = configuration.events
    }

    /// Advances the world to `time` in steps of at most 0.25 s, each ending at the next thing due (a
    /// fix, a scripted event, a belt notification) so that it happens at its own time however seldom
    /// the world is advanced.
    package mutating func advance(to time: Duration) -> Output {
        var output = Output()
        while now < time {
            var step = min(time - now, Self.longestStep)
            if let due = nextDue(headings: true), due > now { step = min(step, due - now) }
            stepOnce(step, output: &output)
        }
        return output
    }

    /// The receiver is powered with the board: it streams its first burst no earlier than `time`.
    /// The session clock runs from the appliance's construction, and on a slow machine the board
    /// may start seconds later; the receiver must not then stream every epoch it missed at once.
    package mutating func powerUpReceiver(at time: Duration) {
        nextFixAt = max(nextFixAt, time)
    }

    /// The longest step of the walker's and the GPS error's integration.
    static let longestStep: Duration = .milliseconds(250)

    /// When the world next has something for the outside: a receiver burst, a scripted event or button
    /// edge, the compass coming back, a belt notification or timed vibration ending; with `headings`,
    /// also the compass's next sample. Between these the world only walks, which `advance` integrates
    /// whenever it is asked, so a board needs to wake only at these times.
    package func nextDue(headings: Bool) -> Duration? {
        var due: [Duration] = [nextFixAt]
        if headings { due.append(nextHeadingAt) }
        if let event = script.first { due.append(event.at) }
        if let edge = pendingEdges.first { due.append(edge.timestamp) }
        if let back = compassBackAt { due.append(back) }
        if let until = wanderingUntil { due.append(until) }
        if isBeltConnected, let belt = peripheral.nextDue(after: now) { due.append(belt) }
        return due.min()
    }

    private mutating func stepOnce(_ step: Duration, output: inout Output) {
        let dt = step.inSeconds
        now += step
        // What the walker feels: the motor the belt drives, placed on the torso.
        let beltCompass = Bearing.normalized(walker.bodyHeading - declination + configuration.compassNoise * random.gaussian())
        let feltDirection = belt.navigationMotor(compassHeading: beltCompass).map {
            Bearing.normalized(walker.bodyHeading + Double($0) * 360 / Double(SimulatedBelt.motorCount))
        }
        // Wandering, the walker keeps the direction it walks in, whatever the belt says.
        let followed = wanderingUntil != nil ? walker.walkingDirection : isBeltConnected ? feltDirection : nil
        walker.advance(by: dt, following: followed, random: &random)
        if let until = wanderingUntil, now >= until {
            wanderingUntil = nil
            output.wanderEnded = true
        }
        gpsError.advance(by: dt, random: &random)
        peripheral.magneticHeading = beltCompass
        output.beltNotifications += peripheral.advance(to: now, dt: dt)

        if now >= nextTrackAt {
            track.append((now, walker.position))
            nextTrackAt = now + .seconds(1)
        }
        if now >= nextFixAt {
            nextFixAt = now + configuration.gpsInterval
            // In an outage the receiver keeps its cycle and reports time and sky without a position.
            let fix = now >= gpsQuietUntil ? makeFix() : nil
            if let fix { output.fixes.append(fix) }
            output.receiverBursts.append(receiver.burst(fix: fix, utcSeconds: utcAtStart.map { $0 + now.inSeconds }))
        }
        if now >= nextHeadingAt {
            nextHeadingAt = now + Self.headingInterval
            let magnetic = Bearing.normalized(walker.bodyHeading - declination + configuration.compassNoise * random.gaussian())
            output.headings.append(Heading(magneticDegrees: magnetic, accuracy: configuration.compassNoise, receivedAt: now))
            output.compassField = magneticField.atSensor(magneticHeading: magnetic)
        }
        if let back = compassBackAt, now >= back {
            compassBackAt = nil
            output.compassUnplugged = false
        }
        while let first = pendingEdges.first, first.timestamp <= now {
            output.buttonEdges.append(pendingEdges.removeFirst())
        }
        while let event = script.first, event.at <= now {
            script.removeFirst()
            perform(event.action, output: &output)
        }
    }

    private mutating func makeFix() -> Fix {
        let p = walker.position
        // Metres to degrees with the local radii of curvature; the offsets are metres, so this is exact enough.
        let metresPerDegreeLat = 111_132.954 - 559.822 * cosDeg(2 * p.latitude)
        let metresPerDegreeLon = 111_412.84 * cosDeg(p.latitude)
        let noisy = Coordinate(latitude: p.latitude + gpsError.north / metresPerDegreeLat,
                               longitude: p.longitude + gpsError.east / metresPerDegreeLon)
        let fix = Fix(coordinate: noisy, altitude: 63, speed: walker.isWalking ? walker.speed : 0,
                      course: walker.isWalking ? walker.walkingDirection : nil, mode: .threeD, satellites: 9,
                      hdop: 0.9, horizontalAccuracy: configuration.gpsNoise,
                      utcSeconds: utcAtStart.map { Double(ReceiverEpoch.milliseconds(utcSeconds: $0 + now.inSeconds)) / 1000 },
                      receivedAt: now)
        fixLog.append(fix)
        return fix
    }

    private mutating func perform(_ action: SimulationEvent.Action, output: inout Output) {
        switch action {
        case .pressButton(let line, let long):
            // A real switch bounces: two spurious edges within 2 ms of the press.
            let t = now
            let release = t + (long ? .milliseconds(1500) : .milliseconds(150))
            let offset = UInt32(line)
            pendingEdges += [
                GPIOEdgeEvent(offset: offset, edge: .falling, timestamp: t),
                GPIOEdgeEvent(offset: offset, edge: .rising, timestamp: t + .microseconds(800)),
                GPIOEdgeEvent(offset: offset, edge: .falling, timestamp: t + .microseconds(1600)),
                GPIOEdgeEvent(offset: offset, edge: .rising, timestamp: release),
            ]
            pendingEdges.sort { $0.timestamp < $1.timestamp }
        case .touch(let touch):
            output.touches.append(touch)
        case .penClick(let pen, let held):
            output.penClicks.append((pen, held))
        case .beltButton(let button, let press):
            let wasOff = peripheral.belt.mode == .standby
            let events = peripheral.belt.press(button, press, at: now)
            if isBeltConnected {
                output.beltNotifications += peripheral.notifications(for: events)
            }
            if wasOff, peripheral.belt.mode != .standby {
                // Switched on again (a second long press): it advertises and accepts a connection.
                beltAvailableAt = now
                output.beltSwitchedOn = true
            } else if peripheral.belt.mode == .standby {
                // Switched off (a long power press): the belt closes the link after telling us, and
                // neither advertises nor accepts a connection until it is switched on again.
                beltAvailableAt = .seconds(Int64.max / 2)
                output.beltSwitchedOff = true
                if isBeltConnected {
                    isBeltConnected = false
                    peripheral.linkLost()
                    output.beltLinkDropped = true
                }
            }
        case .gpsOutage(let length):
            gpsQuietUntil = now + length
        case .compassOutage(let length):
            compassBackAt = now + length
            output.compassUnplugged = true
        case .beltDisconnect(let length):
            beltAvailableAt = now + length
            if isBeltConnected {
                isBeltConnected = false
                peripheral.linkLost()
                output.beltLinkDropped = true
            }
        case .beltRefusesNextConnection:
            refusesNextConnection = true
        case .beltBattery(let percent):
            peripheral.setBattery(percent: Double(percent))
        case .piUnderVoltage(let low):
            // A sagging supply as the firmware reports it: under-voltage, and the SoC throttled with it
            // (0x50005). The "has occurred" bits stay when it recovers (0x50000).
            piThrottled = low ? piThrottled.union([.underVoltage, .throttled, .underVoltageOccurred, .throttlingOccurred])
                              : piThrottled.subtracting(piThrottled.now)
            output.piThrottled = piThrottled
        case .beltIntensity(let intensity):
            let notifications = peripheral.setIntensityOnButtons(intensity)
            if isBeltConnected { output.beltNotifications += notifications }
        case .beltPower(let power):
            let notifications = peripheral.setPower(power)
            if isBeltConnected { output.beltNotifications += notifications }
        case .pencilBattery(let percent):
            output.pencilBattery.append(UInt8(clamping: percent))
        case .failActor(let name):
            output.actorFailures.append(name)
        case .wander(let duration):
            wanderingUntil = now + duration
            output.wanderedOff = duration
        }
    }

    // MARK: The belt's side of the link

    /// The central told the belt to switch off (mode standby written, as a GPIO stand-in for the power
    /// button does): as from its own button, the belt closes the link after notifying the mode, and
    /// advertises no more until switched on. True when it did.
    package mutating func switchOffIfTold() -> Bool {
        guard isBeltConnected, peripheral.belt.mode == .standby else { return false }
        beltAvailableAt = .seconds(Int64.max / 2)
        isBeltConnected = false
        peripheral.linkLost()
        return true
    }

    /// We closed the link on purpose (shutdown).
    package mutating func disconnectBelt() {
        isBeltConnected = false
        peripheral.disconnect()
    }

    // MARK: The belt's GATT server (reached over a socketpair by the board)

    /// A GATT connection attempt; false while the belt is out of reach (scripted drop).
    package mutating func gattConnect() -> Bool {
        guard now >= beltAvailableAt else { return false }
        if refusesNextConnection {
            refusesNextConnection = false
            return false
        }
        isBeltConnected = true
        peripheral.connect(at: now)
        return true
    }

    /// Runs one operation on the connected belt's GATT server; nil when no link is up.
    package mutating func withPeripheral<T>(_ body: (inout BeltPeripheral, Duration) -> T) -> T? {
        guard isBeltConnected else { return nil }
        return body(&peripheral, now)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private func cosDeg(_ degrees: Double) -> Double { cos(degrees * Double.pi / 180) }
