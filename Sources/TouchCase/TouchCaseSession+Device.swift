import BLE

/// The touch case session as a GATT device session, run by `GATTDeviceDriver` on each link to a case.
///
/// Its events are its own outputs other than `.perform`; a `.failed` output also closes the link (the
/// owner reconnects, which runs the enable sequence afresh). The timer is armed only while a touch is
/// live, for the silence rule of FuffrLib's FFRTrackingHandler.m.
extension TouchCaseSession: GATTDeviceSession {
    package typealias Event = Output

    package var services: [BLEUUID] { [FuffrGATT.sensorService] }

    package mutating func linkUp(discovered: [BLEUUID: [BLEUUID]], now: Duration) -> [GATTSessionOutput<Output>] {
        let characteristics = Set(discovered[FuffrGATT.sensorService] ?? [])
        return Self.device(connecting() + linkEstablished() + self.discovered(characteristics, now: now))
    }

    package mutating func completed(_ operation: GATTOperation, value: [UInt8], now: Duration) -> [GATTSessionOutput<Output>] {
        Self.device(completed(operation, now: now))
    }

    package mutating func failed(_ operation: GATTOperation, error: GATTError, now: Duration) -> [GATTSessionOutput<Output>] {
        Self.device(failed(operation, reason: "\(error)", now: now))
    }

    package mutating func notified(_ characteristic: BLEUUID, _ value: [UInt8], now: Duration) -> [GATTSessionOutput<Output>] {
        Self.device(received(characteristic, value, now: now))
    }

    package mutating func linkDown(expected: Bool, now: Duration) -> [GATTSessionOutput<Output>] {
        Self.device(linkLost(expected: expected, now: now))
    }

    package var deadline: Duration? { nextDeadline }

    /// `configure`, as the driver's outputs: for an owner that changes the command on a running link.
    package mutating func apply(_ command: TouchEnableCommand, now: Duration) -> [GATTSessionOutput<Output>] {
        Self.device(configure(command, now: now))
    }

    package mutating func timerFired(now: Duration) -> [GATTSessionOutput<Output>] {
        Self.device(tick(now: now))
    }

    private static func device(_ outputs: [Output]) -> [GATTSessionOutput<Output>] {
        GATTSessionOutput.carrying(outputs, operation: { output in
            if case .perform(let operation) = output { .perform(operation) } else { nil }
        }, failure: { output in
            if case .failed(let why) = output { why } else { nil }
        })
    }
}
