/// One identity check `auto` detection made: which chip at which address, and what it found.
package struct CompassProbe: Sendable, Equatable, CustomStringConvertible {
    package enum Outcome: Sendable, Equatable {
        /// Nothing acknowledged the address.
        case noAnswer
        /// Something answered with another identity (`found` = the identity bytes read).
        case otherDevice(found: [UInt8])
        /// Another bus error (timeout, address claimed by a kernel driver, …).
        case failed(String)
        case identified
    }

    package var chip: CompassChip
    package var address: UInt8
    package var outcome: Outcome

    package init(chip: CompassChip, address: UInt8, outcome: Outcome) {
        self.chip = chip
        self.address = address
        self.outcome = outcome
    }

    package var description: String {
        let what: String
        switch outcome {
        case .noAnswer: what = "no answer"
        case let .otherDevice(found): what = "another device (id \(found.map(CompassError.hex).joined(separator: " ")))"
        case let .failed(reason): what = reason
        case .identified: what = "found"
        }
        return "\(chip) at \(CompassError.hex(address)): \(what)"
    }
}
