/// Every fuzz target, by name: `make fuzz` runs each, the replay tests run each one's corpus.
package enum FuzzTargets {
    package static let all: [FuzzTarget] = [
        GPSTargets.nmeaStream, GPSTargets.ubloxDDC, GPSTargets.gpsdJSON,
        BLETargets.attPDU, BLETargets.attServer, BLETargets.attClient, BLETargets.managementEvent, BLETargets.advertisingData,
        DeviceTargets.beltSession, DeviceTargets.touchCase, DeviceTargets.pencil, BeltCommandTargets.fslibCommand,
        ConfigTargets.configuration, RouteTargets.gpx,
        GestureTargets.scenario, GestureTargets.recording,
        StateTargets.progress, StateTargets.calibration, StateTargets.bonds, TrackTargets.trackRepair,
        ControlTargets.request, ControlTargets.response, TripTargets.journal, TripTargets.trackGPX,
        SupplyTargets.piSupply, UploadTargets.inputs, UploadTargets.errorResponse,
        RoutingTargets.routinoTextAll, RoutingTargets.mapIndex, RoutingTargets.mapManifest,
        RoutingTargets.routeEndpoint, RoutingTargets.osmFeature,
    ]

    package static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
