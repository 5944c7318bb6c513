import Logging
import Platform

/// One central's connection to a GATT database we host: `GATTServerCore` over a socket (a
/// socketpair in process, an accepted L2CAP ATT socket in the rig), with the device model as
/// delegate. Requests are served one at a time in arrival order, as ATT requires.
package actor GATTServerConnection {
    /// Where it runs: the simulated devices' event loop (`EventLoop.peripherals`), beside the
    /// appliance's, unless its creator names another (a test's `TestEventLoop`).
    package nonisolated let executor: any ActorExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private let socket: PacketSocket
    private let logger: Logger
    private var core: GATTServerCore
    private var closed = false
    /// PDUs that were refused (bad requests answered with errors, bad commands ignored).
    package private(set) var refusals: [String] = []

    package init(socket: PacketSocket, database: GATTDatabase, logger: Logger, executor: any ActorExecutor = EventLoop.peripherals) {
        self.executor = executor
        self.socket = socket
        self.logger = logger
        self.core = GATTServerCore(database: database)
    }

    /// The reason `run` gives the delegate when the central ended the link (nil: this side closed it).
    package static let closedByCentral = "the central closed the link"

    /// Serves requests until the link ends, then tells the delegate.
    package func run(delegate: some GATTServerDelegate) async {
        var reason: String?
        do {
            for try await packet in socket.packets() {
                await serve(packet, delegate: delegate)
                if closed { break }
            }
            reason = closed ? nil : Self.closedByCentral
        } catch {
            reason = "\(error)"
        }
        closed = true
        socket.close()
        await delegate.disconnected(reason: reason)
    }

    /// Sends a notification when the central subscribed; false when it did not (or the link is down).
    @discardableResult
    package func notify(_ characteristic: BLEUUID, value: [UInt8]) -> Bool {
        guard !closed, let pdu = core.notification(of: characteristic, value: value) else { return false }
        do {
            try socket.send(pdu)
            return true
        } catch {
            logger.debug("notification of \(characteristic) not sent: \(error)")
            return false
        }
    }

    /// Ends the link from the peripheral's side.
    package func close() {
        closed = true
        socket.close()
    }

    package var mtu: UInt16 { core.mtu }

    private func serve(_ packet: [UInt8], delegate: some GATTServerDelegate) async {
        // Reads are answered with the model's current value, fetched before the (synchronous) core runs.
        var fresh: [BLEUUID: [UInt8]] = [:]
        if let pdu = try? ATTPDU(decoding: packet) {
            let handle: UInt16? = switch pdu {
            case .readRequest(let h), .readBlobRequest(let h, _): h
            default: nil
            }
            if let handle, let index = core.database.index(of: handle), case let attribute = core.database.attributes[index],
               attribute.kind == .characteristicValue, let uuid = attribute.characteristic,
               attribute.properties.contains(.read) {
                fresh[uuid] = await delegate.read(uuid)
            }
        }
        let outputs = core.receive(packet) { fresh[$0] }
        // The model hears of a write (or a refusal) before the central gets its response, as on a
        // device that answers after handling the write: a central that saw the response can rely on it.
        var responses: [[UInt8]] = []
        for output in outputs {
            switch output {
            case .send(let bytes):
                responses.append(bytes)
            case .written(let characteristic, let value, let withResponse):
                await delegate.written(characteristic, value: value, withResponse: withResponse)
            case .subscriptionChanged(let characteristic, let notify, let indicate):
                await delegate.subscriptionChanged(characteristic, notify: notify, indicate: indicate)
            case .refused(let why):
                refusals.append(why)
                logger.warning("GATT server refused a PDU: \(why)")
                await delegate.refused(why)
            }
        }
        for bytes in responses {
            do {
                try socket.send(bytes)
            } catch {
                logger.debug("response not sent: \(error)")
            }
        }
    }
}
