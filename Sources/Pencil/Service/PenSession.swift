import BLE

/// The Pencil as a GATT device session, run by `GATTDeviceDriver` on each link to a pen: a new
/// `PenLink` per link (the SDK clears every "subscribed/read" flag on disconnect, FTPenServiceClient.mm),
/// and the `PenInformation` kept across links.
///
/// The pen service and the Device Information service are discovered together when the link comes up;
/// the DIS reads still wait until the pen is ready, as `FTDeviceInfoServiceClient.mm` starts them then.
/// The link's battery fallback timer is the session's deadline.
package struct PenSession: GATTDeviceSession {
    package typealias Event = PenLinkEvent

    package let centralID: UInt32
    /// Whether the next link must find the tip pressed (the pairing model says so per connection).
    package var requireTipPressed = false
    /// What is known of the pen, kept across links.
    package private(set) var information: PenInformation
    /// The current link's core; nil without a link.
    package private(set) var link: PenLink?
    private var deviceInformation: Set<PenCharacteristic> = []
    private var wake: Duration?

    package init(centralID: UInt32, information: PenInformation = PenInformation(name: "Pencil")) {
        self.centralID = centralID
        self.information = information
    }

    package var services: [BLEUUID] { [PenCharacteristic.penService, PenCharacteristic.deviceInformationService] }

    package mutating func linkUp(discovered: [BLEUUID: [BLEUUID]], now: Duration) -> [GATTSessionOutput<PenLinkEvent>] {
        let found = Self.characteristics(of: PenCharacteristic.penService, in: discovered)
        guard PenLink.isUsable(found) else { return [.close("the pen service lacks IsTipPressed")] }
        deviceInformation = Self.characteristics(of: PenCharacteristic.deviceInformationService, in: discovered)
        var new = PenLink(requireTipPressed: requireTipPressed, centralID: centralID, information: information)
        let operations = new.start(discovered: found)
        link = new
        return carry(operations)
    }

    package mutating func completed(_ operation: GATTOperation, value: [UInt8], now: Duration) -> [GATTSessionOutput<PenLinkEvent>] {
        guard var current = link else { return [] }
        switch operation {
        case .notifications(let uuid, enabled: true):
            guard let c = PenCharacteristic(uuid: uuid) else { return [] }
            let operations = current.notificationsEnabled(c, now: now)
            link = current
            return carry(operations)
        case .read(let uuid):
            guard let c = PenCharacteristic(uuid: uuid) else { return [] }
            return received(c, value, now: now)
        case .write, .notifications:
            return []
        }
    }

    /// Without the tip's notifications the pen is no use; any other operation may fail (HasListener
    /// notifies only on firmware above 55, so its subscription fails on older pens).
    package mutating func failed(_ operation: GATTOperation, error: GATTError, now: Duration) -> [GATTSessionOutput<PenLinkEvent>] {
        operation == .notifications(PenCharacteristic.isTipPressed.uuid, enabled: true)
            ? [.close("the tip's notifications could not be enabled: \(error)")] : []
    }

    package mutating func notified(_ characteristic: BLEUUID, _ value: [UInt8], now: Duration) -> [GATTSessionOutput<PenLinkEvent>] {
        guard let c = PenCharacteristic(uuid: characteristic) else { return [] }
        return received(c, value, now: now)
    }

    package mutating func linkDown(expected: Bool, now: Duration) -> [GATTSessionOutput<PenLinkEvent>] {
        link = nil
        wake = nil
        deviceInformation = []
        return []
    }

    package var deadline: Duration? { wake }

    package mutating func timerFired(now: Duration) -> [GATTSessionOutput<PenLinkEvent>] {
        wake = nil
        return carry(link?.timerFired(now: now) ?? [])
    }

    /// The pairing model married this pen: the central ID may be written.
    package mutating func married() -> [GATTSessionOutput<PenLinkEvent>] {
        guard var current = link else { return [] }
        let operations = current.married()
        link = current
        return carry(operations)
    }

    // MARK: Internals

    private mutating func received(_ c: PenCharacteristic, _ value: [UInt8], now: Duration) -> [GATTSessionOutput<PenLinkEvent>] {
        guard var current = link else { return [] }
        let (operations, events) = current.received(c, value, now: now)
        link = current
        information = current.information
        return events.map { .event($0) } + carry(operations)
    }

    /// The link's operations as the driver's: the DIS discovery is already done, a wake is the deadline.
    private mutating func carry(_ operations: [PenLinkOperation]) -> [GATTSessionOutput<PenLinkEvent>] {
        var out: [GATTSessionOutput<PenLinkEvent>] = []
        for operation in operations {
            switch operation {
            case .discoverDeviceInformation:
                out += carry(link?.deviceInformationDiscovered(deviceInformation) ?? [])
            case .wake(let at):
                wake = min(wake ?? at, at)
            case .subscribe, .read, .write:
                if let gatt = operation.gattOperation { out.append(.perform(gatt)) }
            }
        }
        return out
    }

    private static func characteristics(of service: BLEUUID, in table: [BLEUUID: [BLEUUID]]) -> Set<PenCharacteristic> {
        Set((table[service] ?? []).compactMap(PenCharacteristic.init(uuid:)))
    }
}
