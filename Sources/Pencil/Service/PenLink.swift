/// One connection's GATT set-up and value handling, as `FTPenServiceClient.mm` and
/// `FTDeviceInfoServiceClient.mm` do it (docs/pencil.md, "The pen service"), pure: its owner
/// (`PenSession`) has the operations this returns performed, in order, and feeds back confirmations,
/// values and timer wake-ups.
///
/// A new `PenLink` per connection: on disconnect the SDK clears every "subscribed/read" flag.
/// The `PenInformation` outlives links; `PenSession` passes the last one in.
package struct PenLink: Sendable {
    /// The battery fallback read, when no level was accepted this long after the tip notified.
    package static let batteryFallback: Duration = .seconds(22)
    /// What the SDK writes when the pen reports its inactivity timeout as disabled (`FTPenManager.mm`).
    package static let defaultInactivityMinutes: UInt8 = 10

    package let requireTipPressed: Bool
    package let centralID: UInt32
    package private(set) var information: PenInformation
    package private(set) var isReady = false
    package private(set) var isMarried = false
    /// The central ID written on this link (once per connection).
    package private(set) var writtenCentralID: UInt32?
    /// The pen's Device Information strings by characteristic.
    package private(set) var deviceInformation: [PenCharacteristic: String] = [:]
    /// Values dropped as malformed on this link.
    package private(set) var malformedCount = 0

    private var available: Set<PenCharacteristic> = []
    private var tipNotifying = false
    private var sawFirstTip = false
    private var ignoredFirstBattery = false
    private var batteryPercent: UInt32?

    package init(requireTipPressed: Bool, centralID: UInt32, information: PenInformation) {
        self.requireTipPressed = requireTipPressed
        self.centralID = centralID
        self.information = information
        // A new link knows no switch state until the pen tells.
        self.information.isTipPressed = false
        self.information.isEraserPressed = false
    }

    /// Whether the pen service offered the one characteristic the flow needs.
    package static func isUsable(_ discovered: Set<PenCharacteristic>) -> Bool { discovered.contains(.isTipPressed) }

    /// The pen service was discovered with `discovered`: write HasListener, subscribe to the tip.
    package mutating func start(discovered: Set<PenCharacteristic>) -> [PenLinkOperation] {
        available = discovered
        var ops: [PenLinkOperation] = []
        if available.contains(.hasListener) { ops.append(.write(.hasListener, [0x01])) }
        ops.append(.subscribe(.isTipPressed))
        return ops
    }

    /// A notification switch-on was confirmed: read the value; after the tip's, the rest.
    ///
    /// EncoderTurn is not read: the SDK only subscribes to it (`FTPenServiceClient.mm`), and its
    /// value exists only as a notification of a turn, so a read would be refused by a pen that does
    /// not offer it, a warning in the log of every walk.
    package mutating func notificationsEnabled(_ c: PenCharacteristic, now: Duration) -> [PenLinkOperation] {
        var ops: [PenLinkOperation] = c == .encoderTurn ? [] : [.read(c)]
        guard c == .isTipPressed, !tipNotifying else { return ops }
        tipNotifying = true
        for n in [PenCharacteristic.isEraserPressed, .tipPressure, .eraserPressure, .motion, .batteryLevel]
        where available.contains(n) { ops.append(.subscribe(n)) }
        ops.append(.wake(at: now + Self.batteryFallback))
        for r in [PenCharacteristic.inactivityTimeout, .pressureSetup, .motionSetup, .manufacturingID, .lastErrorCode,
                  .authenticationCode] where available.contains(r) { ops.append(.read(r)) }
        if available.contains(.hasListener) {
            // Notify exists only on firmware > 55; the actor skips it when the CCCD is missing.
            ops.append(.subscribe(.hasListener))
            ops.append(.read(.hasListener))
        }
        if available.contains(.encoderTurn) { ops.append(.subscribe(.encoderTurn)) }
        return ops
    }

    /// A value arrived, read or notified, stamped with the host time it was handled.
    package mutating func received(_ c: PenCharacteristic, _ bytes: [UInt8], now: Duration)
        -> (operations: [PenLinkOperation], events: [PenLinkEvent]) {
        let value: PenValue?
        do {
            value = try PenValueDecoder.decode(c, bytes)
        } catch {
            malformedCount += 1
            return ([], [.malformed(error)])
        }
        guard let value else { return ([], []) }
        var ops: [PenLinkOperation] = []
        var events: [PenLinkEvent] = [.value(value)]
        let before = information
        switch value {
        case .tipPressed(let pressed):
            if !sawFirstTip {
                sawFirstTip = true
                information.isTipPressed = pressed
                if requireTipPressed && !pressed {
                    events.append(.tipNotPressed)
                } else {
                    isReady = true
                    events.append(.ready)
                    ops.append(.discoverDeviceInformation)
                }
            } else if isReady, pressed != information.isTipPressed {
                information.isTipPressed = pressed
                events.append(.switchChanged(PenSwitchEvent(.tip, isPressed: pressed, at: now)))
            }
        case .eraserPressed(let pressed):
            // Eraser changes go out as soon as they arrive, before readiness too.
            if pressed != information.isEraserPressed {
                information.isEraserPressed = pressed
                events.append(.switchChanged(PenSwitchEvent(.eraser, isPressed: pressed, at: now)))
            }
        case .batteryLevel(let percent):
            // The first level after subscribing is unreliable and ignored (a comment in `FTPenServiceClient.mm`).
            if !ignoredFirstBattery {
                ignoredFirstBattery = true
            } else {
                batteryPercent = percent
                information.batteryLevel = PenBatteryLevel(percent: percent)
                information.batteryPercent = percent <= 100 ? Int(percent) : nil
            }
        case .inactivityTimeout(0):
            ops.append(.write(.inactivityTimeout, [Self.defaultInactivityMinutes]))
        case .deviceInformation(let characteristic, let text):
            deviceInformation[characteristic] = text
            if characteristic == .manufacturerName { information.manufacturerName = text }
            if characteristic == .hardwareRevision { information.hardwareRevision = text }
            if characteristic == .firmwareRevision || characteristic == .softwareRevision {
                information.firmwareRevision = runningFirmware.map(String.init)
                information.firmwareUpdateAvailable = PenFirmwareCatalog.updateAvailable(running: runningFirmware)
            }
            ops += centralIDWriteIfDue()
        default:
            break
        }
        if information != before { events.append(.information(information)) }
        return (ops, events)
    }

    /// The Device Information service was discovered with these characteristics: read them all once.
    package func deviceInformationDiscovered(_ discovered: Set<PenCharacteristic>) -> [PenLinkOperation] {
        PenCharacteristic.deviceInformationCharacteristics.filter(discovered.contains).map { .read($0) }
    }

    /// The pairing model married this pen: the central ID may be written.
    package mutating func married() -> [PenLinkOperation] {
        isMarried = true
        return centralIDWriteIfDue()
    }

    /// A `wake` came due: the battery fallback read when no level is known.
    package func timerFired(now: Duration) -> [PenLinkOperation] {
        batteryPercent == nil && available.contains(.batteryLevel) ? [.read(.batteryLevel)] : []
    }

    /// The running firmware version from the DIS revisions (as `FTFirmwareManager.mm` reads them); nil when
    /// neither image is starred.
    package var runningFirmware: Int? {
        PenFirmwareVersion.running(factory: deviceInformation[.firmwareRevision],
                                   upgrade: deviceInformation[.softwareRevision])
    }

    /// Once married and the software revision is known, write the ID once (`FTPenManager.mm`, `ensureCentralId`).
    private mutating func centralIDWriteIfDue() -> [PenLinkOperation] {
        guard isMarried, writtenCentralID == nil, deviceInformation[.softwareRevision] != nil,
              available.contains(.centralID) else { return [] }
        let id = PenCentralID.value(toWrite: centralID, runningFirmware: runningFirmware)
        writtenCentralID = id
        return [.write(.centralID, PenCentralID.wireBytes(id))]
    }
}
