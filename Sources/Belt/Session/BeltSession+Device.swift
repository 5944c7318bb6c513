import BLE

/// The belt session as a GATT device session, run by `GATTDeviceDriver` on each link to a belt.
///
/// Its events are its own outputs other than `.perform`. The keep-alive answer jumps the queue
/// (`performFirst`), as FSLib-iOS's FSCommandManager.swift sends it ahead of pending commands, so a
/// busy link never starves the keep-alive. A `.failed` output also closes the link.
extension BeltSession: GATTDeviceSession {
    package typealias Event = Output

    package var services: [BLEUUID] { BeltService.allCases.map(\.uuid) }

    package mutating func linkUp(discovered: [BLEUUID: [BLEUUID]], now: Duration) -> [GATTSessionOutput<Output>] {
        let characteristics = Set(discovered.values.joined().compactMap(BeltCharacteristic.init(uuid:)))
        return Self.device(connecting() + linkEstablished() + self.discovered(characteristics, now: now))
    }

    package mutating func completed(_ operation: GATTOperation, value: [UInt8], now: Duration) -> [GATTSessionOutput<Output>] {
        guard let write = BeltWrite(operation) else { return [] }
        return Self.device(completed(write, value: value, now: now))
    }

    package mutating func failed(_ operation: GATTOperation, error: GATTError, now: Duration) -> [GATTSessionOutput<Output>] {
        guard let write = BeltWrite(operation) else { return [] }
        return Self.device(failed(write, reason: "\(error)", now: now))
    }

    package mutating func notified(_ characteristic: BLEUUID, _ value: [UInt8], now: Duration) -> [GATTSessionOutput<Output>] {
        guard let belt = BeltCharacteristic(uuid: characteristic) else {
            return [.event(.protocolError(BeltProtocolError(characteristic: nil, bytes: value,
                                                            reason: .unknownCharacteristic(characteristic.uuidString))))]
        }
        return Self.device(received(belt, value, now: now))
    }

    package mutating func linkDown(expected: Bool, now: Duration) -> [GATTSessionOutput<Output>] {
        Self.device(linkLost(expected: expected))
    }

    package var deadline: Duration? { stepDeadline }

    package mutating func timerFired(now: Duration) -> [GATTSessionOutput<Output>] {
        Self.device(tick(now: now))
    }

    private static func device(_ outputs: [Output]) -> [GATTSessionOutput<Output>] {
        GATTSessionOutput.carrying(outputs, operation: { output in
            guard case .perform(let write) = output else { return nil }
            return write.isKeepAliveAnswer ? .performFirst(write.gattOperation) : .perform(write.gattOperation)
        }, failure: { output in
            if case .failed(let error) = output { error.description } else { nil }
        })
    }
}
