import BLE
import Belt
import Platform
import Synchronization

/// A belt as a GATT server, scripted: answers the handshake like firmware 52 does, records
/// every operation in order, and can stay silent, hold writes or drop the link.
actor FakeBelt: GATTClient {
    /// The loop of the link that talks to it: a test's `TestEventLoop` runs both.
    nonisolated let executor: any ActorExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    nonisolated let events: AsyncStream<GATTClientEvent>
    private nonisolated let sink: AsyncStream<GATTClientEvent>.Continuation
    private(set) var operations: [String] = []
    private var mode: UInt8 = BeltMode.wait.rawValue
    /// When false the belt ignores `01 01` (the mode request): the handshake must time out.
    private var answersModeRequest = true
    /// When true a keep-alive is notified while the mode request is being written.
    private var keepAliveOnModeRequest = false
    private var heldCharacteristic: BLEUUID?
    private var held: [CheckedContinuation<Void, Never>] = []

    /// 80 % on battery, as the belt's FE09 notification lays it out.
    static let battery = BeltNotification.batteryStatus(BeltBatteryStatus(powerStatus: .onBattery, percent: 80)).encoded().bytes

    init(executor: any ActorExecutor = EventLoop.preferred) {
        self.executor = executor
        (events, sink) = AsyncStream<GATTClientEvent>.makeStream()
    }

    func configure(answersModeRequest: Bool = true, keepAliveOnModeRequest: Bool = false) {
        self.answersModeRequest = answersModeRequest
        self.keepAliveOnModeRequest = keepAliveOnModeRequest
    }

    /// Writes to `characteristic` wait until `release()`.
    func hold(_ characteristic: BeltCharacteristic?) { heldCharacteristic = characteristic?.uuid }

    func release() {
        heldCharacteristic = nil
        for h in held { h.resume() }
        held.removeAll()
    }

    var heldWrites: Int { held.count }

    func notify(_ characteristic: BeltCharacteristic, _ bytes: [UInt8]) {
        sink.yield(.notification(characteristic: characteristic.uuid, value: bytes))
    }

    func drop() {
        operations.append("link lost")
        sink.yield(.disconnected(reason: "supervision timeout"))
        sink.finish()
    }

    private func name(_ uuid: BLEUUID) -> String { BeltCharacteristic(uuid: uuid)?.rawValue ?? uuid.description }

    func discover(services: [BLEUUID]) async throws -> [BLEUUID: [BLEUUID]] {
        operations.append("discover \(services.map(\.description).joined(separator: " "))")
        let control: [BeltCharacteristic] = [.fe01, .fe02, .fe03, .fe04, .fe05, .fe06, .fe09]
        return [BeltService.control.uuid: control.map(\.uuid), BeltService.sensor.uuid: [BeltCharacteristic.fe0c.uuid]]
    }

    func read(characteristic: BLEUUID) async throws -> [UInt8] {
        operations.append("read \(name(characteristic))")
        switch BeltCharacteristic(uuid: characteristic) {
        case .fe01: return [52, 0, 1]
        case .fe09: return FakeBelt.battery
        default: throw GATTError.attributeError(code: 0x02, characteristic: characteristic)
        }
    }

    func write(characteristic: BLEUUID, value: [UInt8], withResponse: Bool) async throws {
        operations.append("write \(name(characteristic)) \(BeltHex.format(value))\(withResponse ? "" : " (no response)")")
        if characteristic == heldCharacteristic {
            await withCheckedContinuation { held.append($0) }
        }
        guard BeltCharacteristic(uuid: characteristic) == .fe05 else { return }
        switch value {
        case [0x01, 0x01]:
            if keepAliveOnModeRequest { notify(.fe02, [0x00, mode]) }
            if answersModeRequest { notify(.fe06, [0x01, 0x01, mode]) }
        case [0x01, 0x02]: notify(.fe06, [0x01, 0x02, 50])
        case [0x01, 0x03]: notify(.fe06, [0x01, 0x03, 45, 0])
        case [0x10, 0x01, 0x03]: notify(.fe06, [0x10, 0x03, 0x03])
        case _ where value.count == 4 && value[0] == 0x01 && value[1] == 0x81:
            mode = value[2]
            notify(.fe06, [0x01, 0x01, mode])
        default: break
        }
    }

    func setNotifications(characteristic: BLEUUID, enabled: Bool) async throws {
        operations.append("notify \(name(characteristic)) \(enabled ? "on" : "off")")
    }

    func disconnect() async {
        operations.append("disconnect")
        sink.yield(.disconnected(reason: nil))
        sink.finish()
    }
}

struct FakeConnector: GATTConnector {
    let belt: FakeBelt
    func connect() async throws -> any GATTClient { belt }
}

/// A fresh `FakeBelt` for every connection (a dropped fake's event stream is finished for good).
final class FreshBelts: GATTConnector, Sendable {
    private let made = Mutex<[FakeBelt]>([])
    var belts: [FakeBelt] { made.withLock { $0 } }
    func connect() async throws -> any GATTClient {
        let belt = FakeBelt()
        made.withLock { $0.append(belt) }
        return belt
    }
}

/// A connector whose attempts never complete (a belt that accepts the link but never answers).
final class HangingConnector: GATTConnector, Sendable {
    private let count = Mutex(0)
    var attempts: Int { count.withLock { $0 } }
    func connect() async throws -> any GATTClient {
        count.withLock { $0 += 1 }
        let (never, _) = AsyncStream<Void>.makeStream()
        for await _ in never {}          // until cancelled
        throw CancellationError()
    }
}
