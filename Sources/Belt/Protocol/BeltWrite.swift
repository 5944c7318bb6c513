/// One GATT operation of the central on one belt characteristic: the bytes a command becomes.
///
/// Almost every command is a value write (with response). Two "commands" are not:
/// switching notifications writes the characteristic's CCCD (0x2902, `01 00` on / `00 00` off),
/// and the battery status and firmware version are GATT reads. `kind` says which, so the
/// encoding of every `BeltCommand` is one `BeltWrite`.
package struct BeltWrite: Sendable, Hashable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `bytes` are the characteristic's value: written by the central for a command, or
        /// notified/read from the belt for a `BeltNotification`.
        case value
        /// `bytes` go to the characteristic's client characteristic configuration descriptor (0x2902).
        case clientConfiguration
        /// The central reads the characteristic; `bytes` is empty.
        case readRequest
    }

    /// The CCCD values (Core Spec Vol 3 Part G §3.3.3.3). Indications are never used.
    package static let notificationsOn: [UInt8] = [0x01, 0x00]
    package static let notificationsOff: [UInt8] = [0x00, 0x00]

    package var characteristic: BeltCharacteristic
    package var bytes: [UInt8]
    package var kind: Kind

    package init(characteristic: BeltCharacteristic, bytes: [UInt8], kind: Kind = .value) {
        self.characteristic = characteristic
        self.bytes = bytes
        self.kind = kind
    }

    /// A CCCD write switching a characteristic's notifications, e.g. the handshake's FE02/FE06/FE04
    /// subscriptions, which are not `BeltCommand`s.
    package static func notifications(_ characteristic: BeltCharacteristic, enabled: Bool) -> BeltWrite {
        BeltWrite(characteristic: characteristic, bytes: enabled ? notificationsOn : notificationsOff,
                  kind: .clientConfiguration)
    }

    /// A GATT read of a characteristic.
    package static func read(_ characteristic: BeltCharacteristic) -> BeltWrite {
        BeltWrite(characteristic: characteristic, bytes: [], kind: .readRequest)
    }

    package var description: String {
        switch kind {
        case .value: "\(characteristic) \(BeltHex.format(bytes))"
        case .clientConfiguration: "\(characteristic) CCCD \(BeltHex.format(bytes))"
        case .readRequest: "read \(characteristic)"
        }
    }
}
