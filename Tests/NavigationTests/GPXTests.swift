import Foundation
import XCTest
import Sensors
import Navigation

/// GPX input: what is read, what is chosen, what is rejected and how the
/// rejection is worded. Fixtures are inline so a failing test shows its input.
final class GPXTests: XCTestCase {

    // MARK: Reading the three structures

    func testRouteElementYieldsItsPointsInFileOrder() throws {
        let route = try parse("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <rte>
                <rtept lat="52.1" lon="8.1"/>
                <rtept lat="52.2" lon="8.2"/>
                <rtept lat="52.3" lon="8.3"/>
              </rte>
            </gpx>
            """)
        XCTAssertEqual(route.kind, .route)
        XCTAssertEqual(route.waypoints.map(\.coordinate), [c(52.1, 8.1), c(52.2, 8.2), c(52.3, 8.3)])
    }

    func testTrackJoinsAllSegmentsInFileOrder() throws {
        let route = try parse("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <trk>
                <name>Two parts</name>
                <trkseg>
                  <trkpt lat="1" lon="1"/>
                  <trkpt lat="2" lon="2"/>
                </trkseg>
                <trkseg>
                  <trkpt lat="3" lon="3"/>
                  <trkpt lat="4" lon="4"/>
                </trkseg>
              </trk>
            </gpx>
            """)
        XCTAssertEqual(route.kind, .track)
        XCTAssertEqual(route.name, "Two parts")
        XCTAssertEqual(route.waypoints.map(\.coordinate), [c(1, 1), c(2, 2), c(3, 3), c(4, 4)])
    }

    func testFileWithOnlyWaypointsUsesAllOfThemInFileOrder() throws {
        let route = try parse("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="10" lon="20"><name>A</name></wpt>
              <wpt lat="11" lon="21"><name>B</name></wpt>
              <wpt lat="12" lon="22"><name>C</name></wpt>
            </gpx>
            """)
        XCTAssertEqual(route.kind, .waypoints)
        XCTAssertEqual(route.waypoints.map(\.name), ["A", "B", "C"])
        XCTAssertEqual(route.waypoints.map(\.coordinate), [c(10, 20), c(11, 21), c(12, 22)])
    }

    // MARK: Selection rule

    func testFirstRouteWinsOverLaterRoutesTracksAndWaypoints() throws {
        let route = try parse("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="5" lon="5"/>
              <trk><trkseg><trkpt lat="6" lon="6"/></trkseg></trk>
              <rte><name>first</name><rtept lat="7" lon="7"/></rte>
              <rte><name>second</name><rtept lat="8" lon="8"/></rte>
            </gpx>
            """)
        XCTAssertEqual(route.kind, .route)
        XCTAssertEqual(route.name, "first")
        XCTAssertEqual(route.waypoints.map(\.coordinate), [c(7, 7)])
    }

    func testFirstTrackWinsOverWaypointsWhenThereIsNoRoute() throws {
        let route = try parse("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="5" lon="5"/>
              <trk><name>first</name><trkseg><trkpt lat="6" lon="6"/></trkseg></trk>
              <trk><name>second</name><trkseg><trkpt lat="9" lon="9"/></trkseg></trk>
            </gpx>
            """)
        XCTAssertEqual(route.kind, .track)
        XCTAssertEqual(route.name, "first")
        XCTAssertEqual(route.waypoints.map(\.coordinate), [c(6, 6)])
    }

    func testEmptyRouteAndTrackAreSkippedByTheSelection() throws {
        let route = try parse("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <rte><name>placeholder</name></rte>
              <trk><trkseg/></trk>
              <trk><name>real</name><trkseg><trkpt lat="6" lon="6"/></trkseg></trk>
            </gpx>
            """)
        XCTAssertEqual(route.kind, .track)
        XCTAssertEqual(route.name, "real")
    }

    // MARK: Names, elevation, namespaces

    func testPointNamesElevationAndRouteNameAreRead() throws {
        let route = try parse("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <metadata><name>Document</name><author><name>Not a route name</name></author></metadata>
              <rte>
                <name>  Old town  </name>
                <rtept lat="52.1" lon="8.1"><ele>63.5</ele><name>Dom &amp; Markt</name></rtept>
                <rtept lat="52.2" lon="8.2"><name><![CDATA[Heger <Tor>]]></name></rtept>
                <rtept lat="52.3" lon="8.3"><ele>high</ele><name>   </name></rtept>
              </rte>
            </gpx>
            """)
        XCTAssertEqual(route.name, "Old town")
        XCTAssertEqual(route.waypoints.map(\.name), ["Dom & Markt", "Heger <Tor>", nil])
        XCTAssertEqual(route.waypoints.map(\.elevation), [63.5, nil, nil],
                       "an unreadable <ele> is dropped, not fatal: elevation does not steer")
    }

    func testRouteWithoutNameTakesTheDocumentName() throws {
        let route = try parse("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <metadata><name>Document</name></metadata>
              <wpt lat="1" lon="1"/>
            </gpx>
            """)
        XCTAssertEqual(route.name, "Document")
    }

    func testGPX10NamespaceIsAcceptedWithItsTopLevelName() throws {
        let route = try parse("""
            <?xml version="1.0"?>
            <gpx version="1.0" creator="t" xmlns="http://www.topografix.com/GPX/1/0">
              <name>Old format</name>
              <trk>
                <trkseg>
                  <trkpt lat="52.1" lon="8.1"><ele>70</ele></trkpt>
                  <trkpt lat="52.2" lon="8.2"/>
                </trkseg>
              </trk>
            </gpx>
            """)
        XCTAssertEqual(route.kind, .track)
        XCTAssertEqual(route.name, "Old format")
        XCTAssertEqual(route.waypoints.first?.elevation, 70)
        XCTAssertEqual(route.waypoints.count, 2)
    }

    func testGPXWithoutNamespaceIsAccepted() throws {
        let route = try parse("""
            <gpx version="1.1"><rte><rtept lat="1" lon="2"/></rte></gpx>
            """)
        XCTAssertEqual(route.waypoints.map(\.coordinate), [c(1, 2)])
    }

    func testExtensionsAndForeignElementsAreIgnored() throws {
        let route = try parse("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"
                 xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3" xmlns:x="urn:x">
              <rte>
                <rtept lat="1" lon="1">
                  <extensions><gpxx:RoutePointExtension><gpxx:rpt lat="9" lon="9"/></gpxx:RoutePointExtension></extensions>
                </rtept>
                <x:rtept lat="bad" lon="bad"/>
                <rtept lat="2" lon="2"/>
              </rte>
            </gpx>
            """)
        XCTAssertEqual(route.waypoints.map(\.coordinate), [c(1, 1), c(2, 2)])
    }

    func testSinglePointRouteIsAcceptedAsADestination() throws {
        let route = try parse("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <rte><rtept lat="52.27" lon="8.04"><name>Goal</name></rtept></rte>
            </gpx>
            """)
        XCTAssertEqual(route.waypoints.count, 1)
        XCTAssertEqual(route.waypoints.first?.name, "Goal")
    }

    // MARK: Duplicates

    func testConsecutiveDuplicatePointsAreCollapsedKeepingTheFirstName() throws {
        let route = try parse("""
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
              <rte>
                <rtept lat="1" lon="1"><name>A</name></rtept>
                <rtept lat="1.00000000" lon="1.0"><name>A again</name><ele>5</ele></rtept>
                <rtept lat="1.00000001" lon="1"/>
                <rtept lat="2" lon="2"/>
                <rtept lat="1" lon="1"><name>back at A</name></rtept>
              </rte>
            </gpx>
            """)
        XCTAssertEqual(route.waypoints.map(\.coordinate), [c(1, 1), c(2, 2), c(1, 1)],
                       "repeats in a row collapse; a later return to the same place is a real leg")
        XCTAssertEqual(route.waypoints.first?.name, "A")
        XCTAssertEqual(route.waypoints.first?.elevation, 5, "a detail only the dropped copy had is kept")
    }

    func testRepeatAcrossTrackSegmentSeamIsCollapsed() throws {
        let route = try parse("""
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk>
              <trkseg><trkpt lat="1" lon="1"/><trkpt lat="2" lon="2"/></trkseg>
              <trkseg><trkpt lat="2" lon="2"/><trkpt lat="3" lon="3"/></trkseg>
            </trk></gpx>
            """)
        XCTAssertEqual(route.waypoints.map(\.coordinate), [c(1, 1), c(2, 2), c(3, 3)])
    }

    // MARK: Identity

    func testIdentityIgnoresWhitespaceNumberSpellingAndNames() throws {
        let compact = try parse("""
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><rte><rtept lat="52.27" lon="8.04"/><rtept lat="52.28" lon="8.05"/></rte></gpx>
            """)
        let spacious = try parse("""
            <?xml version="1.0"?>

            <gpx   version="1.1"
                   xmlns="http://www.topografix.com/GPX/1/1">
                <rte>
                    <name>Renamed</name>
                    <rtept  lon=" 8.0400000 "  lat="52.270" >
                        <name>Start</name>
                    </rtept>
                    <rtept lat="52.28000" lon="8.05"/>
                </rte>
            </gpx>
            """)
        XCTAssertEqual(compact.identity, spacious.identity)
    }

    func testIdentityChangesWhenAPointMovesIsAddedOrReordered() {
        let base = Route(kind: .route, waypoints: [w(52.27, 8.04), w(52.28, 8.05)])
        let moved = Route(kind: .route, waypoints: [w(52.27, 8.04), w(52.28, 8.050_001)])
        let added = Route(kind: .route, waypoints: [w(52.27, 8.04), w(52.28, 8.05), w(52.29, 8.06)])
        let reversed = Route(kind: .route, waypoints: [w(52.28, 8.05), w(52.27, 8.04)])
        let identities = [base, moved, added, reversed].map(\.identity)
        XCTAssertEqual(Set(identities).count, 4, "\(identities)")
    }

    func testIdentityIsPinnedSoProgressSavedByEarlierBuildsStillMatches() {
        let route = Route(kind: .route, waypoints: [w(52.27, 8.04)])
        // FNV-1a 64 of "522700000,80400000;" (coordinates in 1e-7 degree).
        // If this changes on purpose, bump the "v1-" prefix too.
        XCTAssertEqual(route.identity, "v1-439252d02c8eb23e")
        XCTAssertEqual(Route(name: "other", kind: .waypoints, waypoints: [w(52.27, 8.04)]).identity,
                       route.identity, "kind and names do not invalidate progress")
    }

    // MARK: Errors: position and wording

    func testMalformedXMLReportsLineAndSaysNotWellFormed() {
        let error = parseError("""
            <?xml version="1.0"?>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <rte>
                <rtept lat="1" lon="1"/>
              </trk>
              <wpt lat="1" lon="1"/>
            </gpx>
            """)
        XCTAssertEqual(error?.line, 5)
        XCTAssertEqual(error?.reason, .notXML(detail: "an end tag that does not match the open element, XML error 76"))
        XCTAssertTrue(error?.description.contains("is not a well-formed XML file") ?? false, "\(String(describing: error))")
    }

    func testTextThatIsNotXMLIsRejectedOnLineOne() {
        let error = parseError("lat,lon\n52.1,8.1\n")
        XCTAssertEqual(error?.line, 1)
        XCTAssertTrue(error?.description.contains("not a well-formed XML file") ?? false)
    }

    func testEmptyFileSaysTheFileIsEmpty() {
        let error = parseError("  \n")
        XCTAssertEqual(error?.reason, .notXML(detail: "the file is empty"))
        XCTAssertEqual(error?.line, 1)
    }

    func testNonGPXRootIsRejectedNamingTheRootElement() {
        let error = parseError("""
            <?xml version="1.0"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
              <Document/>
            </kml>
            """)
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(error?.reason, .notGPX(rootElement: "kml"))
        assertMessage(error, at: "route.gpx:2:",
                      "the root element is <kml>, not <gpx>, so this is not a GPX file. "
                      + "Export the route as GPX 1.1 (or 1.0) from the route planner.")
    }

    func testGPXRootInAnUnknownNamespaceIsRejected() {
        let error = parseError("""
            <?xml version="1.0"?>
            <gpx version="2.0" xmlns="urn:example:gpx2"><wpt lat="1" lon="1"/></gpx>
            """)
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(error?.reason, .unsupportedNamespace("urn:example:gpx2"))
        XCTAssertTrue(error?.description.contains("neither GPX 1.1 nor GPX 1.0") ?? false)
    }

    func testMissingLatitudeNamesElementLineAndAttribute() {
        let error = parseError("""
            <?xml version="1.0"?>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <rte>
                <rtept lat="1" lon="1"/>
                <rtept lon="1"/>
              </rte>
            </gpx>
            """)
        XCTAssertEqual(error?.line, 5)
        XCTAssertEqual(error?.reason, .missingCoordinate(element: "rtept", attribute: "lat"))
        assertMessage(error, at: "route.gpx:5:",
                      "<rtept> has no lat attribute. Every point needs both lat and lon "
                      + "in decimal degrees; add the missing value or delete the point.")
    }

    func testMissingLongitudeIsReported() {
        let error = parseError("""
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="1"/>
            </gpx>
            """)
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(error?.reason, .missingCoordinate(element: "wpt", attribute: "lon"))
        XCTAssertTrue(error?.description.contains("<wpt> has no lon attribute") ?? false)
    }

    func testNonNumericCoordinatesAreRejectedIncludingCommaNaNAndHex() {
        for value in ["52,27", "abc", "", "nan", "inf", "0x1p3", "1e999"] {
            let error = parseError("""
                <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
                  <trk><trkseg>
                    <trkpt lat="\(value)" lon="8"/>
                  </trkseg></trk>
                </gpx>
                """)
            XCTAssertEqual(error?.line, 3, value)
            XCTAssertEqual(error?.reason, .nonNumericCoordinate(element: "trkpt", attribute: "lat", value: value), value)
            XCTAssertTrue(error?.description.contains("<trkpt> lat=\"\(value)\" is not a number. "
                                                      + "Write decimal degrees with a dot") ?? false, value)
        }
    }

    func testLatitudeOutsideNinetyDegreesIsRejected() {
        let error = parseError("""
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <rte>
                <rtept lat="8.04" lon="52.27"/>
                <rtept lat="90.5" lon="8.04"/>
              </rte>
            </gpx>
            """)
        XCTAssertEqual(error?.line, 4)
        XCTAssertEqual(error?.reason, .coordinateOutOfRange(element: "rtept", attribute: "lat", value: 90.5))
        XCTAssertTrue(error?.description.contains("<rtept> lat=\"90.5\" is outside -90...90 degrees. "
                                                  + "Check that lat and lon are not swapped") ?? false)
    }

    func testLongitudeOutsideOneHundredEightyDegreesIsRejected() {
        let error = parseError("""
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="52" lon="-180.0001"/>
            </gpx>
            """)
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(error?.reason, .coordinateOutOfRange(element: "wpt", attribute: "lon", value: -180.0001))
        XCTAssertTrue(error?.description.contains("is outside -180...180 degrees") ?? false)
    }

    func testBoundaryCoordinatesAreAccepted() throws {
        let route = try parse("""
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <wpt lat="-90" lon="180"/><wpt lat="90" lon="-180"/>
            </gpx>
            """)
        XCTAssertEqual(route.waypoints.count, 2)
    }

    func testBrokenPointOutsideTheChosenRouteStillFailsTheFile() {
        let error = parseError("""
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <rte><rtept lat="1" lon="1"/></rte>
              <wpt lat="north" lon="1"/>
            </gpx>
            """)
        XCTAssertEqual(error?.line, 3)
        XCTAssertEqual(error?.reason, .nonNumericCoordinate(element: "wpt", attribute: "lat", value: "north"))
    }

    func testFileWithoutPointsSaysItContainsNoRouteTrackOrWaypoints() {
        let error = parseError("""
            <?xml version="1.0"?>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <metadata><name>Nothing here</name></metadata>
              <rte><name>empty</name></rte>
              <trk><trkseg/></trk>
            </gpx>
            """)
        XCTAssertEqual(error?.line, 2, "points at the <gpx> element")
        XCTAssertEqual(error?.reason, .noPoints)
        XCTAssertEqual(error?.description,
                       "route.gpx:2: contains no route, track or waypoints. Add an <rte> with <rtept> points "
                       + "(or a <trk> or <wpt> elements) and load the file again.")
    }

    func testTruncatedFileIsReportedAsTruncatedAtItsLastLine() {
        let complete = """
            <?xml version="1.0"?>
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
              <rte>
                <rtept lat="1" lon="1"/>
                <rtept lat="2" lon="2"><name>Dom</name></rtept>
              </rte>
            </gpx>
            """
        // Cut inside an attribute, after a complete point, inside an end tag, before </gpx>.
        let cuts: [(marker: String, line: Int)] = [
            ("<rtept lat=\"2\" lon=\"", 5), ("<rtept lat=\"1\" lon=\"1\"/>", 4), ("</na", 5), ("</rte>", 6),
        ]
        for cut in cuts {
            let end = complete.range(of: cut.marker)!.upperBound
            let error = parseError(String(complete[..<end]))
            XCTAssertEqual(error?.reason, .truncated, cut.marker)
            XCTAssertEqual(error?.line, cut.line, cut.marker)
            XCTAssertTrue(error?.description.contains("it looks truncated. Copy the file onto the device again") ?? false)
        }
    }

    func testEveryPrefixCutAfterTheRootTagIsTruncatedAndEveryEarlierCutIsRejected() {
        let bytes = Array(Self.richDocument.utf8)
        let rootTagEnd = Self.richDocument.utf8.count - Self.richDocument.drop(while: { $0 != ">" })
            .dropFirst().drop(while: { $0 != ">" }).dropFirst().utf8.count
        let text = Self.richDocument
        let closing = text.utf8.distance(from: text.startIndex, to: text.range(of: "</gpx>")!.lowerBound)
        for length in 0..<closing {
            let error = parseError(Data(bytes[..<length]))
            XCTAssertNotNil(error, "prefix of \(length) bytes was accepted")
            if length > rootTagEnd {
                XCTAssertEqual(error?.reason, .truncated, "prefix of \(length) bytes")
            }
        }
    }

    /// The reader says why a file could not be read; the message names the file and says it in the
    /// words of someone who copied it, never Foundation's "The operation could not be completed".
    func testAnUnreadableFileIsReportedWithItsPathAndWhy() {
        let path = "/nonexistent/wayfinder/route.gpx"
        let missing = GPXError(source: path, unreadable: nil)
        XCTAssertEqual(missing.reason, .unreadable(detail: "no such file"))
        XCTAssertEqual(missing.description, "/nonexistent/wayfinder/route.gpx: cannot read the file (no such file). "
                       + "Check the path and that the file is readable.")
        XCTAssertEqual(GPXError(source: path, unreadable: FileReadError(errno: EISDIR)).reason,
                       .unreadable(detail: "is a directory, not a GPX file"))
        XCTAssertEqual(GPXError(source: path, unreadable: FileReadError(errno: EACCES)).reason,
                       .unreadable(detail: "permission denied"))
        XCTAssertEqual(GPXError(source: path, unreadable: FileReadError(errno: EIO)).reason,
                       .unreadable(detail: "input/output error"), "any other errno: strerror's words")
    }

    func testErrorsNameTheSourceTheCallerGave() throws {
        let path = "/srv/routes/wayfinder-walk.gpx"
        do {
            _ = try GPXParser.parse(data: Data("<gpx version=\"1.1\">\n<wpt lat=\"x\" lon=\"1\"/>\n</gpx>\n".utf8), source: path)
            XCTFail("a bad file parsed")
        } catch {
            XCTAssertEqual(error.source, path)
            XCTAssertTrue(error.description.hasPrefix("\(path):2:"), error.description)
            XCTAssertEqual(error.errorDescription, error.description, "localizedDescription shows the same message")
        }
    }

    // MARK: Robustness

    /// Random truncations and byte mutations of a valid file: every outcome is a
    /// route with valid coordinates or a `GPXError`, never a crash or a hang.
    func testRandomTruncationsAndMutationsNeverCrash() {
        var random = SplitMix64(seed: 0x5741_5946_494e_4452)
        let original = Array(Self.richDocument.utf8)
        let noise = Array("<>/&;\"'=!?-[]0123456789.eE \n\tlatonrteptrkgpx\u{0}\u{FF}".utf8)
        var parsed = 0, rejected = 0
        for _ in 0..<600 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                guard !bytes.isEmpty else { break }
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<5, using: &random) {
                case 0: bytes.removeSubrange(at...)
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
                case 2: bytes.insert(noise.randomElement(using: &random)!, at: at)
                case 3: bytes[at] = noise.randomElement(using: &random)!
                default: bytes[at] = UInt8.random(in: 0...255, using: &random)
                }
            }
            do {
                let route = try GPXParser.parse(data: Data(bytes), source: "fuzz.gpx")
                XCTAssertFalse(route.waypoints.isEmpty)
                XCTAssertTrue(route.waypoints.allSatisfy(\.coordinate.isValid))
                parsed += 1
            } catch {
                XCTAssertTrue(error.description.hasPrefix("fuzz.gpx"))
                rejected += 1
            }
        }
        XCTAssertGreaterThan(rejected, 100, "mutations should mostly break the file")
        XCTAssertGreaterThan(parsed, 0, "some mutations (in names, whitespace) should survive")
    }

    // MARK: The bundled demo route

    func testBundledDemoRouteParsesWithPlausibleLength() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()   // NavigationTests
            .deletingLastPathComponent()   // Tests
            .deletingLastPathComponent()   // package root
        let url = root.appendingPathComponent("deploy/routes/demo-walk.gpx")
        let route = try GPXParser.parse(data: Data(contentsOf: url), source: url.path)
        XCTAssertEqual(route.kind, .route)
        XCTAssertGreaterThanOrEqual(route.waypoints.count, 8)
        XCTAssertTrue(route.waypoints.allSatisfy { $0.name != nil }, "every demo point is announced by name")
        let legs = zip(route.waypoints, route.waypoints.dropFirst()).map { haversine($0.coordinate, $1.coordinate) }
        let total = legs.reduce(0, +)
        XCTAssertEqual(total, 2_000, accuracy: 550, "total \(total) m")
        for leg in legs { XCTAssertTrue((60...450).contains(leg), "leg of \(leg) m") }
    }

    // MARK: Helpers

    /// A valid file using every feature the reader handles, for the fuzz loops.
    private static let richDocument = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1" xmlns:x="urn:x">
          <metadata><name>Fuzz &amp; friends</name></metadata>
          <!-- a comment -->
          <wpt lat="52.2771" lon="8.0432"><name>Rathaus</name></wpt>
          <rte>
            <name><![CDATA[Old town]]></name>
            <rtept lat="52.2729" lon="8.0588"><ele>68.2</ele><name>Hauptbahnhof</name></rtept>
            <rtept lat="52.2733" lon="8.0480"><name>Neumarkt</name><extensions><x:a lat="1"/></extensions></rtept>
            <rtept lat="52.2773" lon="8.0456"><name>Dom</name></rtept>
          </rte>
          <trk><trkseg><trkpt lat="52.2768" lon="8.0385"/><trkpt lat="52.2718" lon="8.0438"/></trkseg></trk>
        </gpx>

        """

    private func parse(_ xml: String) throws -> Route {
        try GPXParser.parse(data: Data(xml.utf8), source: "route.gpx")
    }

    private func parseError(_ xml: String, file: StaticString = #filePath, line: UInt = #line) -> GPXError? {
        parseError(Data(xml.utf8), file: file, line: line)
    }

    private func parseError(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> GPXError? {
        do {
            let route = try GPXParser.parse(data: data, source: "route.gpx")
            XCTFail("expected an error, got \(route)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// Columns are whatever libxml2 reports (the end of the start tag), so only
    /// their presence is checked; file, line and wording are exact.
    private func assertMessage(_ error: GPXError?, at position: String, _ message: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        guard let text = error?.description else { return XCTFail("no error", file: file, line: line) }
        XCTAssertTrue(text.hasPrefix(position) && text.hasSuffix(": " + message), text, file: file, line: line)
        XCTAssertNotNil(error?.column, file: file, line: line)
    }

    private func c(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    private func w(_ latitude: Double, _ longitude: Double) -> Waypoint {
        Waypoint(coordinate: c(latitude, longitude))
    }

    /// Great-circle distance on a sphere of mean Earth radius; the demo test
    /// only needs plausibility, exact geodesy lives in the navigation core.
    private func haversine(_ a: Coordinate, _ b: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * radians
        let dLon = (b.longitude - a.longitude) * radians
        let h = sin(dLat / 2) * sin(dLat / 2)
            + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }
}

/// Deterministic generator so a fuzz failure can be reproduced from the seed.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
