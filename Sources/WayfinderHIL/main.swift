#if canImport(Glibc)
import Glibc
#endif
import Logging

// The hardware-in-loop checks, run inside the rig's QEMU guest (docs/hil.md) on real kernel sockets
// and the two btvirt controllers. One PASS/FAIL line per check, then "N passed, M failed".
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .warning
    return handler
}

let checks: [HILCheck] = [
    ScannerSeesAdvertisedBelt.check,
    GATTClientAgainstBlueZServer.check,
    BlueZClientAgainstBeltSimulator.check,
    BeltActorOverKernel.check,
]

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
for check in checks {
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
