import BLE
import Belt
import Logging
import Pencil
import Platform
import Simulation
import TouchCase

/// The belt, the touch case and the Pencil, each our simulator on its own virtual controller:
/// advertising as the device does and serving GATT on the controller's ATT channel, so the appliance
/// finds each one by the shipped discovery rules (name and service), never by a fixed address.
actor RigPeripherals {
    let belt: BeltPeripheralHost
    let touchCase: FuffrPeripheralHost
    let pencil: PencilPeripheralHost
    /// Connections made to the impostor (hci4), which the belt's discovery rules must never choose.
    let impostorConnections: Counter
    /// The simulators' session time (touch traces and pen scripts are written in it).
    let clock: SessionClock
    private let tasks: [Task<Void, Never>]
    /// Belt, case, pencil, in that order.
    private var advertisers: [Advertising]

    private init(belt: BeltPeripheralHost, touchCase: FuffrPeripheralHost, pencil: PencilPeripheralHost,
                 clock: SessionClock, tasks: [Task<Void, Never>], advertisers: [Advertising], impostorConnections: Counter) {
        self.impostorConnections = impostorConnections
        self.belt = belt
        self.touchCase = touchCase
        self.pencil = pencil
        self.clock = clock
        self.tasks = tasks
        self.advertisers = advertisers
    }

    static func start(on rig: ApplianceRig, logger: Logger) async throws -> RigPeripherals {
        let clock = SessionClock.continuous()
        let belt = BeltPeripheralHost(clock: clock, logger: logger)
        let touchCase = FuffrPeripheralHost(clock: clock, logger: logger)
        let pencil = PencilPeripheralHost(address: rig.pencilAddress.description, clock: clock, logger: logger)
        var tasks: [Task<Void, Never>] = []
        var advertisers: [Advertising] = []

        func serve(_ address: BluetoothAddress, _ body: @escaping @Sendable (PacketSocket) async -> Void) throws {
            let listener = try L2CAPSocket.listen(local: address)
            // Each connection on its own task: a new one is accepted while an old one lingers.
            tasks.append(Task {
                await withDiscardingTaskGroup { group in
                    while !Task.isCancelled {
                        guard let (socket, _) = try? await listener.accept() else { return }
                        group.addTask { await body(socket) }
                    }
                }
            })
        }
        try serve(rig.beltAddress) { await belt.serve($0) }
        try serve(rig.caseAddress) { await touchCase.serve($0) }
        try serve(rig.pencilAddress) { await pencil.serve($0) }
        let impostorConnections = Counter()
        try serve(rig.impostorAddress) { socket in
            await impostorConnections.increment()
            _ = socket  // dropped: the link closes
        }

        advertisers.append(try await Advertising.start(on: rig.beltAdapter, advertising: BeltPeripheral.advertising,
                                                       scanResponse: BeltPeripheral.scanResponse))
        advertisers.append(try await Advertising.start(on: rig.caseAdapter, advertising: FuffrPeripheral.advertising,
                                                       scanResponse: AdvertisingData()))
        let pen = await pencil.peripheral
        advertisers.append(try await Advertising.start(on: rig.pencilAdapter, advertising: pen.advertising,
                                                       scanResponse: PencilPeripheral.scanResponse))
        // A belt's name without the belt's service: a belt-shaped toy, or a belt with other firmware.
        advertisers.append(try await Advertising.start(on: rig.impostorAdapter, advertising: AdvertisingData(localName: "naviGuertelX"),
                                                       scanResponse: AdvertisingData()))
        return RigPeripherals(belt: belt, touchCase: touchCase, pencil: pencil, clock: clock, tasks: tasks,
                              advertisers: advertisers, impostorConnections: impostorConnections)
    }

    /// The belt's controller loses power and gets it back, as a belt switched off and on: the link
    /// drops, the belt falls back to wait mode, and it advertises again once powered.
    func powerCycleBelt(rig: ApplianceRig) async throws {
        await advertisers[0].stop()
        try await ToolProcess.succeed("btmgmt", ["-i", rig.beltAdapter, "power", "off"], within: .seconds(10), closingInput: false)
        try await waitUntil(.seconds(20), "the belt simulator noticing its link is gone") { await !self.belt.isConnected }
        try await ToolProcess.succeed("btmgmt", ["-i", rig.beltAdapter, "power", "on"], within: .seconds(10), closingInput: false)
        advertisers[0] = try await Advertising.start(on: rig.beltAdapter, advertising: BeltPeripheral.advertising,
                                                     scanResponse: BeltPeripheral.scanResponse)
    }

    func stop() async {
        for task in tasks { task.cancel() }
        for advertiser in advertisers { await advertiser.stop() }
    }
}

/// A count shared between tasks.
actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}
