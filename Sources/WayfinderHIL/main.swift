#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Logging

// The hardware-in-loop checks, run inside the rig's QEMU guest (docs/hil.md) on real kernel sockets
// and the two btvirt controllers. One PASS/FAIL line per check, then "N passed, M failed".
// HIL_LOG_LEVEL (from `HIL_LOG_LEVEL=info make hil`) shows more of what the checks do.
let logLevel = ProcessInfo.processInfo.environment["HIL_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = logLevel
    return handler
}

// `wayfinder-hil appliance`: the walk with the installed appliance under systemd, in the rig's
// appliance guest (Appliance/ApplianceWalk.swift).
if CommandLine.arguments.dropFirst().first == "appliance" {
    exit(await ApplianceWalk.main())
}

let checks: [HILCheck] = [
    ScannerSeesAdvertisedBelt.check,
    GATTClientAgainstBlueZServer.check,
    BlueZClientAgainstBeltSimulator.check,
    BeltActorOverKernel.check,
    SignalsOverKernel.warning,
    SignalsOverKernel.destination,
    BeltOwnStateOverKernel.check,
    BeltSwitchedOffOverKernel.check,
    // Last: it leaves bonds and encryption keys in both controllers' kernels.
    PairingOverKernel.check,
]

// HIL_ONLY (from `HIL_ONLY=scanner,belt make hil`): only the checks whose names contain one of the words.
let only = (ProcessInfo.processInfo.environment["HIL_ONLY"] ?? "").split(separator: ",").map { $0.lowercased() }
let selected = only.isEmpty ? checks : checks.filter { check in only.contains { check.name.lowercased().contains($0) } }

let environment: HILEnvironment
do {
    environment = try HILEnvironment.fromProcess()
} catch {
    print("FAIL: rig environment: \(error)")
    print("0 passed, 1 failed")
    exit(1)
}

var passed = 0
var failed = 0
for check in selected {
    let started = ContinuousClock.now
    do {
        try await within(.seconds(120), check.name) { try await check.body(environment) }
        passed += 1
        print("PASS: \(check.name) (\(ContinuousClock.now - started))")
    } catch {
        failed += 1
        print("FAIL: \(check.name): \(error)")
    }
    fflush(nil)  // every line out now: the rig reads them over the serial console
}
print("\(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
