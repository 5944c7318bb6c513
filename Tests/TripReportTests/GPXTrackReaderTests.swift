import Foundation
import Navigation
import XCTest

/// Walked tracks read back with their segments, times and fix quality.
final class GPXTrackReaderTests: XCTestCase {
    static let appliance = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx version="1.1" creator="wayfinder" xmlns="http://www.topografix.com/GPX/1/1">
    <trk><name>Demo walk</name>
    <trkseg>
    <trkpt lat="52.5200000" lon="13.4050000"><ele>34.0</ele><time>2026-11-27T10:00:00.000Z</time><fix>3d</fix><sat>9</sat><hdop>0.9</hdop></trkpt>
    <trkpt lat="52.5200500" lon="13.4050000"><ele>34.2</ele><time>2026-11-27T10:00:01.250Z</time><fix>2d</fix><sat>4</sat><hdop>3.5</hdop></trkpt>
    </trkseg>
    <trkseg>
    </trkseg>
    <trkseg>
    <trkpt lat="52.5201000" lon="13.4051000"><time>2026-11-27T10:05:00Z</time><fix>none</fix></trkpt>
    <trkpt lat="52.5202000" lon="13.4052000"><ele>35.0</ele><time>yesterday</time></trkpt>
    </trkseg></trk></gpx>

    """

    func testTheAppliancesTrackReadsWithSegmentsTimesAndFixQuality() throws {
        let track = try GPXTrackReader.read(data: Data(Self.appliance.utf8), source: "walk.gpx")
        XCTAssertEqual(track.name, "Demo walk")
        XCTAssertEqual(track.segments.count, 2, "the empty segment is dropped")
        XCTAssertEqual(track.pointCount, 4)
        let first = track.segments[0][0]
        XCTAssertEqual(first, TrackPoint(coordinate: Coordinate(latitude: 52.52, longitude: 13.405), elevation: 34,
                                         time: 1_795_773_600, fix: .threeD, satellites: 9, hdop: 0.9))
        XCTAssertEqual(track.segments[0][1].time!, 1_795_773_601.25, accuracy: 1e-9)
        XCTAssertEqual(track.segments[0][1].fix, .twoD)
        XCTAssertEqual(track.segments[0][1].hdop, 3.5)
        XCTAssertEqual(track.segments[1][0].fix, TrackPoint.Fix.none)
        XCTAssertEqual(track.segments[1][0].time, 1_795_773_900)
        XCTAssertNil(track.segments[1][0].elevation)
        XCTAssertNil(track.segments[1][1].time, "an unreadable time leaves the point without one")
        XCTAssertEqual(track.segments[1][1].elevation, 35)
        XCTAssertNil(track.segments[1][1].fix)
    }

    func testAGPX10TrackFromAnotherToolReadsEveryTrack() throws {
        let text = """
        <?xml version="1.0" encoding="ISO-8859-1"?>
        <gpx version="1.0" creator="GPSBabel" xmlns="http://www.topografix.com/GPX/1/0">
        <name>Sunday</name>
        <trk><trkseg>
        <trkpt lat="-33.8688" lon="151.2093"><ele>12</ele><time>2024-02-29T23:59:59+10:00</time><course>45</course><speed>1.3</speed><fix>dgps</fix><sat>12</sat><hdop>0.7</hdop></trkpt>
        <trkpt lat="-33.8689" lon="151.2094"><time>2024-03-01T00:00:04.5+1000</time><fix>3D</fix><sat>lots</sat><hdop>-1</hdop></trkpt>
        </trkseg></trk>
        <trk><name>Second</name><trkseg>
        <trkpt lat="-33.8690" lon="151.2095"/>
        </trkseg></trk>
        </gpx>
        """
        let track = try GPXTrackReader.read(data: Data(text.utf8), source: "sunday.gpx")
        XCTAssertEqual(track.name, "Second", "the first track with a name, then the document's")
        XCTAssertEqual(track.segments.map(\.count), [2, 1])
        let a = track.segments[0][0], b = track.segments[0][1]
        XCTAssertEqual(a.time, 1_709_215_199, "23:59:59 at +10:00 is 13:59:59 UTC")
        XCTAssertEqual(a.fix, .dgps)
        XCTAssertEqual(a.satellites, 12)
        XCTAssertEqual(b.time, 1_709_215_204.5)
        XCTAssertEqual(b.fix, .threeD)
        XCTAssertNil(b.satellites)
        XCTAssertNil(b.hdop)
        XCTAssertEqual(track.segments[1][0].coordinate, Coordinate(latitude: -33.869, longitude: 151.2095))
    }

    func testTheDocumentNameIsUsedWhenNoTrackHasOne() throws {
        let text = """
        <gpx version="1.1" creator="phone" xmlns="http://www.topografix.com/GPX/1/1"><metadata><name>Morning</name></metadata>
        <trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>
        """
        XCTAssertEqual(try GPXTrackReader.read(data: Data(text.utf8), source: "m.gpx").name, "Morning")
    }

    func testAFileWithoutTrackPointsIsAnEmptyTrack() throws {
        let text = GPXTrackFormat.header(name: "Nothing yet") + GPXTrackFormat.footer
        let track = try GPXTrackReader.read(data: Data(text.utf8), source: "empty.gpx")
        XCTAssertEqual(track, WalkedTrack(name: "Nothing yet", segments: []))
    }

    /// A route or a list of waypoints given where the walk's track belongs: refused, saying what it is
    /// and to give it with --route, rather than read as a walk without points.
    func testARouteOrWaypointsWithoutTrackPointsIsNotATrack() throws {
        let route = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<rte><rtept lat=\"1\" lon=\"2\"/><rtept lat=\"1\" lon=\"3\"/></rte></gpx>"
        XCTAssertThrowsError(try GPXTrackReader.read(data: Data(route.utf8), source: "r.gpx")) { error in
            XCTAssertEqual((error as? GPXError)?.reason, .routeNotTrack(routePoints: 2, waypoints: 0))
            XCTAssertEqual("\(error)", "r.gpx:1: holds a route (<rte>, 2 points) but no track points (<trkpt>): it is a "
                           + "planned route, not a walked track. Give the walk's track (NAME.gpx in tracks/ of the state "
                           + "directory) and pass this file with --route.")
        }
        let waypoints = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><wpt lat=\"1\" lon=\"2\"/><trk><trkseg/></trk></gpx>"
        XCTAssertThrowsError(try GPXTrackReader.read(data: Data(waypoints.utf8), source: "w.gpx")) { error in
            XCTAssertEqual((error as? GPXError)?.reason, .routeNotTrack(routePoints: 0, waypoints: 1))
            XCTAssertTrue("\(error)".contains("holds 1 waypoint (<wpt>) but no track points"), "\(error)")
        }
        let both = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><wpt lat=\"1\" lon=\"2\"/><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>"
        XCTAssertEqual(try GPXTrackReader.read(data: Data(both.utf8), source: "b.gpx").pointCount, 1,
                       "a track with waypoints beside it is a track")
    }

    func testATornFileIsReportedWithItsLine() {
        let torn = String(Self.appliance.prefix(through: Self.appliance.range(of: "<hdop>0.9</hd")!.upperBound))
        XCTAssertThrowsError(try GPXTrackReader.read(data: Data(torn.utf8), source: "torn.gpx")) { error in
            let error = error as? GPXError
            XCTAssertEqual(error?.reason, .truncated)
            XCTAssertEqual(error?.line, 5)
            XCTAssertTrue(error?.description.hasPrefix("torn.gpx:5") == true, error?.description ?? "")
        }
    }

    func testABrokenPointFailsTheFileWithItsPosition() {
        let text = """
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><trkseg>
        <trkpt lat="52.5" lon="east"><time>2026-11-27T10:00:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """
        XCTAssertThrowsError(try GPXTrackReader.read(data: Data(text.utf8), source: "bad.gpx")) { error in
            let error = error as? GPXError
            XCTAssertEqual(error?.reason, .nonNumericCoordinate(element: "trkpt", attribute: "lon", value: "east"))
            XCTAssertEqual(error?.line, 3)
        }
        XCTAssertThrowsError(try GPXTrackReader.read(data: Data("<kml/>".utf8), source: "x.kml")) { error in
            XCTAssertEqual((error as? GPXError)?.reason, .notGPX(rootElement: "kml"))
        }
    }

    func testTimesInTheFormsGPXFilesUse() {
        let t = 1_795_773_600.0   // 2026-11-27T10:00:00Z
        XCTAssertEqual(GPXTrackReader.utcSeconds(iso8601: "2026-11-27T10:00:00Z"), t)
        XCTAssertEqual(GPXTrackReader.utcSeconds(iso8601: "2026-11-27T10:00:00.000Z"), t)
        XCTAssertEqual(GPXTrackReader.utcSeconds(iso8601: " 2026-11-27T10:00:00.5z\n"), t + 0.5)
        XCTAssertEqual(GPXTrackReader.utcSeconds(iso8601: "2026-11-27T11:30:00+01:30"), t)
        XCTAssertEqual(GPXTrackReader.utcSeconds(iso8601: "2026-11-27T05:00:00-0500"), t)
        XCTAssertEqual(GPXTrackReader.utcSeconds(iso8601: "2026-11-27T12:00:00+02"), t)
        XCTAssertEqual(GPXTrackReader.utcSeconds(iso8601: "2026-11-27 10:00:00"), t, "no zone is UTC, as GPX prescribes")
        XCTAssertEqual(GPXTrackReader.utcSeconds(iso8601: "2026-11-27T10:00Z"), t)
        XCTAssertEqual(GPXTrackReader.utcSeconds(iso8601: "2026-11-27T10:00:00,25Z"), t + 0.25)
        XCTAssertEqual(GPXTrackReader.utcSeconds(iso8601: "2026-11-26T24:00:00Z"), t - 36_000)
        XCTAssertEqual(GPXTrackReader.utcSeconds(iso8601: "1970-01-01T00:00:00Z"), 0)
        XCTAssertEqual(GPXTrackReader.utcSeconds(iso8601: "1969-12-31T23:59:59Z"), -1)
        XCTAssertEqual(GPXTrackReader.utcSeconds(iso8601: "2000-02-29T00:00:00Z"), 951_782_400)
        for bad in ["", "2026-11-27", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-27T25:00:00Z",
                    "2026-11-27T10:60:00Z", "2026-11-27T10:00:00.Z", "2026-11-27T10:00:00Q", "2026-11-27T10:00:00+2:00",
                    "2026-11-27T10:00:00+24:00", "２０２６-11-27T10:00:00Z", "2026-11-27T10:00:00Z trailing"] {
            XCTAssertNil(GPXTrackReader.utcSeconds(iso8601: bad), bad)
        }
    }
}
