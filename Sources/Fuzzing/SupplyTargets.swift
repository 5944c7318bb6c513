import Platform
import Status

/// What the Pi's kernel says about its own supply: the text of `get_throttled` or of the `rpi_volt`
/// hwmon alarm, one reading after another, as the supply watch reads them every 30 s.
enum SupplyTargets {
    /// Readings (an operation byte picks the source, then a packet is the file's text) through the
    /// parsers, the alarm and the status: an accepted firmware value printed as the kernel prints it
    /// (`"%x\n"`) parses to the same flags; the alarm says "started" only with conditions that hold
    /// and "ended" only after trouble; the status reads back from its JSON as itself and renders.
    static let piSupply = FuzzTarget(
        name: "pi-supply",
        summary: "get_throttled and rpi_volt alarm texts through the parsers, the alarm and the status",
        maximumLength: 1024
    ) { input throws(FuzzViolation) in
        var alarm = PiSupplyAlarm()
        while !input.isAtEnd {
            let hwmon = input.choose(2) == 1
            let text = String(decoding: input.packet(maximum: 40), as: UTF8.self)
            guard let supply = hwmon ? PiSupply.hwmonAlarm(text: text) : PiSupply.firmware(text: text) else { continue }
            if !hwmon {
                let printed = String(supply.flags.rawValue, radix: 16) + "\n"
                try expect(PiSupply.firmware(text: printed) == supply, "\(supply) does not read back from \(printed)")
            } else {
                try expect(supply.flags.isSubset(of: .underVoltage), "rpi_volt's alarm reported \(supply.flags)")
            }
            let wasTroubled = !alarm.holding.isEmpty
            switch alarm.update(supply) {
            case .started(let words):
                try expect(supply.isTroubled && words == supply.flags.nowInWords, "started \(words) on \(supply)")
            case .ended:
                try expect(wasTroubled && !supply.isTroubled, "ended on \(supply) after \(wasTroubled ? "" : "no ")trouble")
            case nil:
                break
            }
            let status = SupplyStatus(supply)
            let json = StatusJSON.encode(status)
            try expect((try? StatusJSON.decode(SupplyStatus.self, from: json)) == status, "\(json) does not read back")
            try expect(status.underVoltage == supply.flags.contains(.underVoltage), "\(status) from \(supply)")
            let page = StatusPage.render(StatusReport(wayfinderVersion: "fuzz", uptimeSeconds: 0, supply: status))
            try expect(page.contains("pi supply  ") && page.contains(supply.source.rawValue), "the page shows no supply: \(page)")
        }
    }
}
