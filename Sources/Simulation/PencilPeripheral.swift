import Pencil

/// A FiftyThree Pencil's GATT-server side, pure (docs/pencil.md, "The simulator"): characteristic values,
/// writes, notification switches and the switches themselves in; notifications and link actions out.
///
/// What the pen does where the SDK's source is silent is chosen here and documented in docs/pencil.md:
/// the CentralId written survives disconnection (so the pen advertises it, "reconciling"), and
/// ShouldPowerOff — the SDK's unpair — clears it, so a powered-on pen is free to pair again.
package struct PencilPeripheral: Sendable {
    /// What the model asks its host to do.
    package enum Output: Sendable, Hashable {
        case notify(PenCharacteristic, [UInt8])
        /// The pen ends the link (after ShouldPowerOff or ShouldSwing).
        case dropLink
    }

    /// A write the pen could not make sense of.
    package struct Violation: Sendable, Hashable {
        package var at: Duration
        package var characteristic: PenCharacteristic
        package var bytes: [UInt8]
        package var reason: String
    }

    package static let name = "Pencil"
    /// When the second battery level follows the first one, which the SDK ignores.
    package static let batteryRepeat: Duration = .seconds(2)

    // Pen state
    package private(set) var isTipPressed = false
    package private(set) var isEraserPressed = false
    package var batteryPercent: UInt8 = 80
    /// The last central ID written; what the pen advertises while not connected (0 = free).
    package private(set) var centralID: UInt32 = 0
    package private(set) var isPoweredOn = true
    package private(set) var isConnected = false
    package private(set) var hasListener = false
    package private(set) var inactivityMinutes: UInt8 = 0
    package var pressureSetup = PenPressureSetup(samplePeriodMilliseconds: 10, notificationPeriodMilliseconds: 20, tipFloor: 0,
                                                tipMin: 10, tipMax: 250, tipGated: true, eraserFloor: 0, eraserMin: 10,
                                                eraserMax: 250, eraserGated: true)
    package var manufacturingID = "53PA05-SIM0001"
    /// DIS revisions: factory image, upgrade image (the starred one runs; FiftyThree SDK `FTFirmwareManager.mm`).
    package var firmwareRevision = "55"
    package var softwareRevision = "60*"
    /// v55 firmware advertises 1 byte (`01` when reconciling) instead of 4 (FiftyThree SDK `FTPenManager.mm`).
    package var advertisesLegacyByte = false
    /// Every CentralId write, in order (tests check the bytes).
    package private(set) var centralIDWrites: [[UInt8]] = []
    package private(set) var hasListenerWrites: [[UInt8]] = []
    package private(set) var violations: [Violation] = []
    package private(set) var subscriptions: Set<PenCharacteristic> = []
    package private(set) var linksServed = 0

    private var batteryRepeatAt: Duration?
    /// When `advance(to:)` next has something to send: the repeated battery level, if one is owed.
    package var nextTimedOutput: Duration? { batteryRepeatAt }

    package init() {}

    // MARK: Link

    package mutating func connect(at now: Duration) {
        isConnected = true
        linksServed += 1
        subscriptions.removeAll()
        batteryRepeatAt = nil
    }

    package mutating func disconnect() {
        isConnected = false
        subscriptions.removeAll()
        batteryRepeatAt = nil
    }

    /// Switched back on (a press of the tip wakes a real pen).
    package mutating func powerOn() { isPoweredOn = true }

    // MARK: Advertising

    /// The manufacturer data the pen advertises now: the central ID big-endian (4 bytes), or v55's one byte.
    package var manufacturerData: [UInt8] {
        if advertisesLegacyByte { return [centralID == 0 ? 0x00 : 0x01] }
        return PenCentralID.advertisedBytes(centralID)
    }

    /// Advertises only while powered and not connected (one central at a time).
    package var isAdvertising: Bool { isPoweredOn && !isConnected }

    // MARK: Central operations

    package func read(_ c: PenCharacteristic) -> [UInt8]? {
        switch c {
        case .isTipPressed: [isTipPressed ? 1 : 0]
        case .isEraserPressed: [isEraserPressed ? 1 : 0]
        case .tipPressure: [0x00, 0x00]
        case .eraserPressure: [0x00, 0x00]
        case .batteryLevel: [batteryPercent]
        case .hasListener: [hasListener ? 1 : 0]
        case .inactivityTimeout: [inactivityMinutes]
        case .pressureSetup: pressureSetup.bytes
        case .manufacturingID: Array(manufacturingID.utf8.prefix(15)) + Array(repeating: 0, count: max(0, 15 - manufacturingID.utf8.count))
        case .lastErrorCode: [UInt8](repeating: 0, count: 8)
        case .authenticationCode: [UInt8](repeating: 0x53, count: 20)
        case .motion: [0, 0, 0, 0, 0x00, 0x40]
        case .motionSetup: [10, 50]
        case .manufacturerName: Array("FiftyThree, Inc.".utf8)
        case .modelNumber: Array(manufacturingID.prefix(6).utf8)
        case .serialNumber: Array(manufacturingID.utf8)
        case .firmwareRevision: Array(firmwareRevision.utf8)
        case .hardwareRevision: Array("3".utf8)
        case .softwareRevision: Array(softwareRevision.utf8)
        case .systemID: Array("SIM".utf8)
        default: nil
        }
    }

    package mutating func write(_ c: PenCharacteristic, _ bytes: [UInt8], at now: Duration) -> [Output] {
        func refuse(_ reason: String) -> [Output] {
            violations.append(Violation(at: now, characteristic: c, bytes: bytes, reason: reason))
            return []
        }
        switch c {
        case .hasListener:
            guard bytes.count == 1, bytes[0] <= 1 else { return refuse("HasListener takes 1 byte, 00 or 01") }
            hasListenerWrites.append(bytes)
            hasListener = bytes[0] == 1
            return subscriptions.contains(.hasListener) ? [.notify(.hasListener, bytes)] : []
        case .centralID:
            guard bytes.count == 4 else { return refuse("CentralId takes 4 bytes") }
            centralIDWrites.append(bytes)
            centralID = PenValueDecoder.unsignedLittleEndian(bytes) ?? 0
            return []
        case .inactivityTimeout:
            guard bytes.count == 1 else { return refuse("InactivityTimeout takes 1 byte") }
            inactivityMinutes = bytes[0]
            return []
        case .shouldPowerOff:
            guard bytes == [0x01] else { return refuse("ShouldPowerOff takes 01") }
            isPoweredOn = false
            centralID = 0
            return [.dropLink]
        case .shouldSwing:
            guard bytes == [0x01] else { return refuse("ShouldSwing takes 01") }
            return [.dropLink]
        case .pressureSetup:
            guard bytes.count == 10, case .pressureSetup(let setup)? = try? PenValueDecoder.decode(c, bytes) else {
                return refuse("PressureSetup takes 10 bytes")
            }
            pressureSetup = setup
            return []
        case .manufacturingID:
            guard bytes.count == 15 else { return refuse("ManufacturingID takes 15 ASCII bytes") }
            manufacturingID = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            return []
        case .lastErrorCode, .authenticationCode, .motionSetup:
            return []
        default:
            return refuse("not writable")
        }
    }

    /// A CCCD switch. The battery's first level goes out at once (the SDK ignores it) and again later.
    package mutating func setNotifications(_ c: PenCharacteristic, enabled: Bool, at now: Duration) -> [Output] {
        if enabled { subscriptions.insert(c) } else { subscriptions.remove(c) }
        guard enabled, c == .batteryLevel else { return [] }
        batteryRepeatAt = now + Self.batteryRepeat
        return [.notify(.batteryLevel, [batteryPercent])]
    }

    /// Time passes: the repeated battery level.
    package mutating func advance(to now: Duration) -> [Output] {
        guard let at = batteryRepeatAt, now >= at else { return [] }
        batteryRepeatAt = nil
        return subscriptions.contains(.batteryLevel) ? [.notify(.batteryLevel, [batteryPercent])] : []
    }

    /// The charge changes: notified when the central subscribed, as the pen's firmware reports a
    /// changed level.
    package mutating func setBattery(_ percent: UInt8) -> [Output] {
        batteryPercent = percent
        return subscriptions.contains(.batteryLevel) ? [.notify(.batteryLevel, [percent])] : []
    }

    // MARK: The pen in the hand

    /// The tip or eraser pressed or released; notified when the central subscribed.
    package mutating func press(_ pen: PenSwitch, down: Bool) -> [Output] {
        if pen == .tip, down, !isPoweredOn { isPoweredOn = true }
        let c: PenCharacteristic = pen == .tip ? .isTipPressed : .isEraserPressed
        if pen == .tip { isTipPressed = down } else { isEraserPressed = down }
        return subscriptions.contains(c) ? [.notify(c, [down ? 1 : 0])] : []
    }
}
