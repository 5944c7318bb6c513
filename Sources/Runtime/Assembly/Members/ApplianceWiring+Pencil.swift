import Pencil
import Status
import Config
import Logging

extension ApplianceWiring {
    /// The FiftyThree Pencil, when `[devices.pencil]` is enabled and the board has a pen radio: its
    /// actor keeps the pen paired in `pencil.json`, takes the case's touches for its pairing spot
    /// (`touches`, from the gesture actor) and, with a pair-control button, that button's level.
    func pencil(stateDirectory: String, withTouchCase: Bool)
        -> (actor: PencilActor, member: ApplianceMember, touches: AsyncStream<TouchInput>.Continuation,
            pairControl: AsyncStream<Bool>.Continuation?)? {
        guard config.pencil.enabled, let radio = inputs.penRadio else { return nil }
        let logger = makeLogger(PencilActor.name)
        // The pen married in an earlier run, taken back as the SDK takes back its paired peripheral.
        // The simulated board names its own pen (it starts paired).
        let pairings = PenPairingStore(directory: stateDirectory)
        var pairedPen = inputs.pairedPen
        if pairedPen == nil {
            let startLogger = makeLogger("wayfinder")
            do {
                pairedPen = try pairings.load()
                if let pen = pairedPen { startLogger.info("pencil: paired with \(pen) (\(pairings.path)); it reconnects when it reconciles with this Pi") }
            } catch {
                startLogger.warning("pencil: \(error); the pen is paired again as new")
            }
        }
        let (touches, touchSink) = AsyncStream<TouchInput>.makeStream(bufferingPolicy: .bufferingNewest(256))
        var pairControl: AsyncStream<Bool>?
        var pairControlSink: AsyncStream<Bool>.Continuation?
        if config.buttons.pairPencilLine != nil {
            let (levels, levelSink) = AsyncStream<Bool>.makeStream(bufferingPolicy: .bufferingNewest(16))
            pairControl = levels
            pairControlSink = levelSink
        }
        let pencil = PencilActor(radio: radio, centralID: inputs.pencilCentralID, pairedPen: pairedPen,
                                 touches: withTouchCase ? touches : nil, pairControl: pairControl,
                                 clock: clock, linkClock: linkClock, logger: logger,
                                 health: health, status: status, trip: trip,
                                 remember: { pen in
                                     do {
                                         try pairings.save(pen)
                                     } catch {
                                         logger.warning("could not keep the pairing in \(pairings.path): \(error); after a restart the pen is paired again")
                                     }
                                 }, states: states)
        let member = ApplianceMember(
            name: PencilActor.name,
            injectFault: { pencil.mailbox.inject(InjectedFailure(actor: PencilActor.name)) },
            service: supervised(PencilActor.name) { try await pencil.run() },
            controlPart: { report in
                let info = await pencil.information
                report.pencil = PencilStatus(state: "\(await pencil.state)",
                                             battery: info.flatMap { $0.batteryLevel == .unknown ? nil : Self.name($0.batteryLevel) },
                                             firmwareRevision: info?.firmwareRevision,
                                             firmwareUpdate: info?.firmwareUpdateAvailable == true ? String(PenFirmwareCatalog.latest) : nil,
                                             hardwareRevision: info?.hardwareRevision)
                report.pencil?.batteryPercent = info?.batteryPercent
            })
        return (pencil, member, touchSink, pairControlSink)
    }

    /// The pen's battery level as `status` names it.
    static func name(_ level: PenBatteryLevel) -> String {
        switch level {
        case .unknown: "unknown"
        case .high: "high"
        case .mediumHigh: "medium-high"
        case .mediumLow: "medium-low"
        case .low: "low"
        case .criticallyLow: "critically-low"
        }
    }
}
