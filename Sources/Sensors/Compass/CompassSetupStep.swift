/// One step of bringing a compass into continuous measurement.
///
/// Why steps instead of a `start()` that sleeps: the BNO055 needs pauses between mode switches
/// (BNO055 datasheet, Table 3-6), and the actor owns time. It walks the steps, writing through the
/// transport and sleeping on its clock; tests walk them without sleeping.
package enum CompassSetupStep: Sendable, Equatable {
    case write(register: UInt8, value: UInt8)
    case wait(Duration)
}
