// swift-tools-version:6.0
// Wayfinder: a Raspberry Pi that guides a walker with a vibrating belt.
// Lower bounds are the oldest releases whose API we use, so a Pi's toolchain can resolve them.
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]
// The modules the `wayfinder` binary links see a member only where its module is imported: a call
// of full Foundation's API (which links ICU's 32 MiB of data) cannot come in through a dependency
// that imports Foundation (docs/architecture.md, "FoundationEssentials only").
let productSwiftSettings: [SwiftSetting] = swiftSettings + [
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Wayfinder",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "wayfinder", targets: ["wayfinder"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.3.0"),
        // 1.16.2: LogHandler.log(event:), the non-deprecated handler entry point.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // 2.13.0: a service's configuration given its name (ServiceConfiguration's serviceName).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
        // The appliance's metrics (docs/metrics.md): the swift-metrics API, and swift-prometheus as its
        // backend, whose registry renders the text node_exporter's textfile collector reads. The
        // versions the metrics were built and checked with; both need a Swift 6.2 toolchain.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // C libraries of the Pi, linked for real (Debian: libgpiod-dev libbluetooth-dev libi2c-dev).
        .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod",
                       providers: [.apt(["libgpiod-dev"])]),
        .systemLibrary(name: "CBluetooth", pkgConfig: "bluez",
                       providers: [.apt(["libbluetooth-dev"])]),
        .systemLibrary(name: "CI2C", providers: [.apt(["libi2c-dev"])]),
        // GNU Nettle for SHA-256 and HMAC-SHA256 (docs/upload.md): small, already on every Debian system
        // (apt needs it through GnuTLS), and plain functions on a caller's context, where OpenSSL 3's
        // libcrypto loads its configuration and default provider at the first digest, and swift-crypto
        // would vendor BoringSSL into the binary.
        .systemLibrary(name: "CNettle", pkgConfig: "nettle", providers: [.apt(["nettle-dev"])]),
        // Debian's libcurl (OpenSSL flavour), the upload's HTTP transport, loaded with dlopen at the
        // first request rather than linked (docs/upload.md): its header only is needed to build
        // (libcurl4-openssl-dev).
        .target(name: "CCurl"),
        // Debian's libxml2, whose streaming reader (xmlTextReader) reads GPX from bytes in memory: no
        // file or network I/O (docs/navigation.md).
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // One stable GPIO API over libgpiod 1.6 (Bookworm) and 2.x (Trixie).
        .target(name: "CGPIOShim", dependencies: ["CGPIOD"]),
        // glibc's GNU spawn extensions (pipe2, addchdir_np, addclosefrom_np), which Swift's Glibc
        // module does not import, for Platform's child processes.
        .target(name: "CSpawnShim"),
        // The Swift runtime's global-executor hooks, which use the Swift calling convention, for
        // Platform's own global executor (GlobalJobPool).
        .target(name: "CGlobalExecutor"),

        // The plain types every core shares, and nothing else: coordinates, fixes and headings, Bluetooth
        // addresses and UUIDs, touch sides and phases, navigation commands, what guidance asks of the
        // belt, the I2C transport protocol and its error, the backoff rule, a Codable JSON value. No
        // dependencies, so a core that needs only these links no system library.
        .target(name: "Vocabulary", swiftSettings: productSwiftSettings),

        // The naviBelt's codec, handshake and navigation controller: pure, fed bytes and time, returning
        // events and commands.
        .target(name: "Belt", dependencies: ["Vocabulary", "BLE"], swiftSettings: productSwiftSettings),
        // The BLE protocol, pure (as BlueZ's src/shared splits att.c and gatt-client.c from socket I/O):
        // ATT PDUs, the GATT client and server state machines, advertising data, management codecs,
        // discovery rules and the pairing session.
        .target(name: "BLE", dependencies: ["Vocabulary"], swiftSettings: productSwiftSettings),
        // The actors that run the BLE protocol on the kernel's Bluetooth sockets (the sockets themselves
        // live in Platform): the GATT client and server connections, the scanner, management, pairing.
        .target(name: "BLESockets",
                dependencies: ["BLE", "Platform", .product(name: "Logging", package: "swift-log")],
                swiftSettings: productSwiftSettings),
        .target(name: "Sensors", dependencies: ["Vocabulary"], swiftSettings: productSwiftSettings),
        // FiftyThree Pencil: the pen service codec, the SDK's pairing state machine, the touch classifier.
        .target(name: "Pencil", dependencies: ["Vocabulary", "BLE"], swiftSettings: productSwiftSettings),
        .target(name: "Navigation", dependencies: ["Vocabulary", "Sensors", "CXML2"], swiftSettings: productSwiftSettings),
        .target(name: "Gestures", dependencies: ["Vocabulary"], swiftSettings: productSwiftSettings),
        // Route planning, pure (docs/routing.md): Routino's router output read, the map's index of
        // crossings, steps and barriers, the map's manifest, and a route described for the walker.
        .target(name: "Routing", dependencies: ["Vocabulary", "Navigation"], swiftSettings: productSwiftSettings),
        // What the wearer's gestures and pen clicks stand for: the configured gesture → command map and
        // the gesture pipeline built from it.
        .target(name: "Controls", dependencies: ["Vocabulary", "Gestures", "Pencil"], swiftSettings: productSwiftSettings),
        // The Fuffr touch case: enable sequence, touch records, touch lifecycle, observers (pure).
        .target(name: "TouchCase", dependencies: ["Vocabulary", "BLE"], swiftSettings: productSwiftSettings),
        // The running appliance's status and the control socket's messages (docs/control.md): the
        // model, its versioned JSON form, the page `wayfinder status` prints; its controls are the
        // navigation commands of `Vocabulary`. Pure.
        .target(name: "Status", dependencies: ["Vocabulary"], swiftSettings: productSwiftSettings),
        // The walk's event journal and the trip report built from it, the track and the route
        // (docs/trip-report.md): a local projection, the walker's figures, one HTML file. Pure.
        .target(name: "TripReport", dependencies: ["Navigation", "Sensors", "Vocabulary"], swiftSettings: productSwiftSettings),
        // The upload to S3-compatible storage, pure (docs/upload.md): Signature Version 4 with the hash
        // functions handed in, the AWS shared-credentials format, the unit's pseudonymous id.
        .target(name: "Upload", dependencies: ["Vocabulary"], swiftSettings: productSwiftSettings),
        // The upload's system side: the hash functions from Nettle, a file's SHA-256, the credentials
        // file's checks, the machine id.
        .target(name: "UploadPlatform", dependencies: ["Upload", "CNettle"], swiftSettings: productSwiftSettings),
        // The upload's HTTP transport: S3 requests through libcurl, one at a time, on a thread of its own.
        .target(name: "UploadTransport", dependencies: ["Upload", "CCurl"], swiftSettings: productSwiftSettings),
        // Route planning's system side: Routino's and osmium's programs run as child processes (so
        // Routino's AGPL code stays a separate program, and a damaged map crashes only the child), the
        // map import, and the files of a map directory.
        .target(name: "RoutingPlatform",
                dependencies: ["Routing", "Platform", "Navigation", "Vocabulary"],
                swiftSettings: productSwiftSettings),
        // The outbox's actor: the scans, the record files, the timer, and the transport on a thread of
        // its own (docs/upload.md).
        .target(name: "UploadRuntime",
                dependencies: ["Upload", "UploadPlatform", "UploadTransport", "Platform", "Config", "Navigation", "Runtime", "Status",
                               .product(name: "Logging", package: "swift-log")],
                swiftSettings: productSwiftSettings),
        .target(name: "Config",
                dependencies: ["BLE", "Navigation", "Gestures", "Controls", "Sensors", "Upload", "Routing",
                               .product(name: "TOMLKit", package: "TOMLKit")],
                swiftSettings: productSwiftSettings),

        // The platform layer: clocks, GPIO, I2C, serial and TCP, the Bluetooth adapter and sockets, files,
        // systemd notify, logging, child processes.
        .target(name: "Platform",
                dependencies: ["Vocabulary", "BLE", "CGPIOShim", "CSpawnShim", "CGlobalExecutor", "CBluetooth", "CI2C",
                               .product(name: "Logging", package: "swift-log")],
                swiftSettings: productSwiftSettings),

        // The simulated board: a walker, its GPS and compass on a simulated I2C bus, a recording belt, the
        // Fuffr case and the Pencil as GATT servers, scripted inputs, and the [simulation] table's schema.
        .target(name: "Simulation",
                dependencies: ["Belt", "BLE", "BLESockets", "Navigation", "Sensors", "Gestures", "Controls", "Config", "Platform", "TouchCase", "Pencil",
                               "Runtime", .product(name: "Logging", package: "swift-log"),
                               .product(name: "TOMLKit", package: "TOMLKit")],
                swiftSettings: productSwiftSettings),

        // The appliance's metrics for a lab (docs/metrics.md): swift-metrics handles fed from its status
        // and navigation's events, swift-prometheus's registry behind them, and the file for
        // node_exporter's textfile collector, rewritten atomically on a timer.
        .target(name: "ApplianceMetrics",
                dependencies: ["Navigation", "Status", "Platform",
                               .product(name: "CoreMetrics", package: "swift-metrics"),
                               .product(name: "Prometheus", package: "swift-prometheus"),
                               .product(name: "Logging", package: "swift-log")],
                swiftSettings: productSwiftSettings),

        // Actors (one per device / concern) as services in one ServiceGroup.
        .target(name: "Runtime",
                dependencies: ["Belt", "BLE", "BLESockets", "Navigation", "Sensors", "Gestures", "Controls", "Config", "Platform", "TouchCase", "Pencil",
                               "Status", "TripReport", "Upload", "ApplianceMetrics", "Routing", "RoutingPlatform",
                               .product(name: "Logging", package: "swift-log"),
                               .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                               .product(name: "UnixSignals", package: "swift-service-lifecycle")],
                swiftSettings: productSwiftSettings),

        .executableTarget(name: "wayfinder",
                          dependencies: ["Runtime", "ApplianceMetrics", "Belt", "BLE", "BLESockets", "Config", "Platform", "Status", "TripReport",
                                         "Routing", "RoutingPlatform",
                                         "Gestures", "Controls", "Upload", "UploadPlatform", "UploadRuntime",
                                         "Simulation", "TouchCase",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser"),
                                         .product(name: "Logging", package: "swift-log")],
                          swiftSettings: productSwiftSettings),

        // `make bench`: the figures in docs/performance.md.
        .executableTarget(name: "WayfinderBenchmarks",
                          dependencies: ["Belt", "BLE", "BLESockets", "Config", "Navigation", "Platform", "Runtime", "Sensors",
                                         "Simulation", "TouchCase", "Status", "UploadRuntime",
                                         "Gestures", "Controls", "Routing", "RoutingPlatform",
                                         .product(name: "Logging", package: "swift-log")],
                          swiftSettings: swiftSettings),

        // `make hil`: the hardware-in-loop checks, run inside the QEMU guest on real kernel sockets.
        .executableTarget(name: "WayfinderHIL",
                          dependencies: ["BLE", "BLESockets", "Belt", "Config", "Gestures", "Controls", "Navigation", "Pencil", "Runtime", "Sensors",
                                         "Simulation", "Platform", "Status", "TouchCase",
                                         .product(name: "Logging", package: "swift-log")],
                          swiftSettings: swiftSettings),

        // Every parser and state machine that reads outside input, as fuzz targets with their properties
        // (docs/fuzzing.md). A library, so the tests replay the committed corpora through the same code
        // the fuzzer runs.
        .target(name: "Fuzzing",
                dependencies: ["Belt", "BLE", "BLESockets", "Config", "Gestures", "Controls", "Navigation", "Pencil", "Platform", "Routing",
                               "Runtime", "Sensors", "Simulation", "Status", "TouchCase", "TripReport", "Upload"],
                swiftSettings: swiftSettings),
        // `make fuzz`: the libFuzzer binary that runs those targets.
        .executableTarget(name: "wayfinder-fuzz", dependencies: ["Fuzzing"], swiftSettings: swiftSettings),

        // Drives any GATT device session through its driver without sockets (as swift-nio's EmbeddedChannel
        // drives channel handlers): pure, so the device cores' tests link no system library.
        .target(name: "BLETestKit", dependencies: ["BLE"], swiftSettings: swiftSettings),

        // Test helpers shared by the test targets (as swift-service-lifecycle's TestKit).
        .target(name: "WayfinderTestKit",
                dependencies: ["Config", "Platform", "Sensors", "CSpawnShim", .product(name: "Logging", package: "swift-log")],
                swiftSettings: swiftSettings),

        .testTarget(name: "BeltTests", dependencies: ["Belt", "BLE", "BLETestKit", "Vocabulary"], swiftSettings: swiftSettings),
        .testTarget(name: "TouchCaseTests", dependencies: ["TouchCase", "BLE", "BLETestKit", "Platform"], swiftSettings: swiftSettings),
        .testTarget(name: "PencilTests", dependencies: ["Pencil", "BLE", "BLETestKit"], swiftSettings: swiftSettings),
        .testTarget(name: "BLETests", dependencies: ["BLE", "BLESockets", "BLETestKit", "Platform", "WayfinderTestKit",
                                                     .product(name: "Clocks", package: "swift-clocks")],
                    swiftSettings: swiftSettings),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "Sensors"],
                    resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(name: "UploadTests", dependencies: ["Upload", "UploadPlatform", "Vocabulary"], swiftSettings: swiftSettings),
        // The signer against Debian's python3-botocore and the unit id against systemd-id128: programs
        // of the build machine, so run natively only.
        .testTarget(name: "UploadInteropTests", dependencies: ["Upload", "UploadPlatform"], swiftSettings: swiftSettings),
        // The transport against a real S3 server (SeaweedFS, started by the tests on loopback) and the
        // objects read back with Debian's python3-boto3: programs of the build machine, so run natively only.
        .testTarget(name: "UploadServerTests",
                    dependencies: ["Upload", "UploadPlatform", "UploadTransport", "UploadRuntime", "Platform", "WayfinderTestKit",
                                   .product(name: "Logging", package: "swift-log")],
                    swiftSettings: swiftSettings),
        // The routing core, and the map import and planning against Debian's routino and osmium-tool on
        // hand-written OpenStreetMap fixtures.
        .testTarget(name: "RoutingTests", dependencies: ["Routing", "RoutingPlatform", "Platform", "Navigation", "Vocabulary"],
                    resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(name: "StatusTests", dependencies: ["Status"], swiftSettings: swiftSettings),
        // The metrics' names and values, the textfile's writer and its timer, and the file read by
        // Debian's prometheus-node-exporter, started by the tests on loopback: a program of the build
        // machine, so run natively only.
        .testTarget(name: "ApplianceMetricsTests",
                    dependencies: ["ApplianceMetrics", "Navigation", "Status", "WayfinderTestKit",
                                   .product(name: "CoreMetrics", package: "swift-metrics"),
                                   .product(name: "Prometheus", package: "swift-prometheus"),
                                   .product(name: "Logging", package: "swift-log")],
                    swiftSettings: swiftSettings),
        .testTarget(name: "TripReportTests", dependencies: ["TripReport", "Navigation", "Sensors", "Vocabulary"], swiftSettings: swiftSettings),
        .testTarget(name: "ConfigTests", dependencies: ["Config", "Controls", "Upload", "WayfinderTestKit"], swiftSettings: swiftSettings),
        .testTarget(name: "PlatformTests", dependencies: ["Platform", "WayfinderTestKit"], swiftSettings: swiftSettings),
        .testTarget(name: "RuntimeTests",
                    dependencies: ["Runtime", "Simulation", "Status", "TripReport", "Upload", "Routing", "RoutingPlatform", "WayfinderTestKit",
                                   .product(name: "Clocks", package: "swift-clocks")],
                    // A demo walk's files, read from the source tree (DemoWalkFilesTests, and the
                    // report's command-line test).
                    exclude: ["Fixtures"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "SensorsTests",
                    dependencies: ["Sensors", "Platform", "WayfinderTestKit"],
                    resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Controls", "WayfinderTestKit"],
                    resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(name: "FuzzingTests", dependencies: ["Fuzzing", "WayfinderTestKit"],
                    exclude: ["Corpus"], swiftSettings: swiftSettings),
        .testTarget(name: "SimulationTests",
                    dependencies: ["Simulation", "Runtime", "Status", "TripReport", "WayfinderTestKit", "Routing", "RoutingPlatform",
                                   .product(name: "Clocks", package: "swift-clocks")],
                    swiftSettings: swiftSettings),
        // Every test of the command line, run through the built `wayfinder` binary.
        .testTarget(name: "CommandLineTests",
                    dependencies: ["wayfinder", "WayfinderTestKit", "Gestures", "Navigation", "Sensors", "Vocabulary"],
                    swiftSettings: swiftSettings),
    ]
)

// WAYFINDER_TESTS=cores: only the test targets of the pure cores and the platform layer, and what they
// link. The arm64 suite under emulation is built so (`make tests-arm64`): those tests are where an
// architecture shows (byte layouts, integer widths, the C structures the kernel reads), and they
// build and run in a fraction of the whole suite's time. The actors, the simulated walks, the fuzz
// corpora and the command line are run natively; on arm64 the demo walk and the command line's
// output are compared with the native build by deploy/package/cross/check-arm64.sh.
if Context.environment["WAYFINDER_TESTS"] == "cores" {
    let wide: Set<String> = ["RuntimeTests", "SimulationTests", "FuzzingTests", "CommandLineTests",
                              "UploadInteropTests", "UploadServerTests", "ApplianceMetricsTests"]
    package.targets.removeAll { $0.type == .test && wide.contains($0.name) }
}
