import Foundation
import Navigation
import XCTest

/// The decision a track file's open makes from its first and last bytes alone: keep it, cut a torn
/// tail back to the last complete point, or refuse a file that is not ours.
final class GPXTrackTailTests: XCTestCase {
    let header = Array(GPXTrackFormat.header(name: "walk").utf8)
    let footer = Array(GPXTrackFormat.footer.utf8)
    let point = Array("<trkpt lat=\"52.2700000\" lon=\"8.0400000\"><ele>63.0</ele></trkpt>\n".utf8)

    /// The decision for a whole file given as bytes, with a tail window of `window` bytes.
    func decide(_ file: [UInt8], window: Int = 4096) -> GPXTrackTail {
        let tail = Array(file.suffix(window))
        return GPXTrackTail.decide(head: Array(file.prefix(GPXTrackTail.headBytes)), tail: tail, fileSize: file.count)
    }

    func testAFileEndingInTheFooterIsIntactWithTheFooterOffset() {
        let file = header + point + point + footer
        XCTAssertEqual(decide(file), .intact(footerOffset: file.count - footer.count))
    }

    func testAFreshFileWithNoPointsIsIntact() {
        let file = header + footer
        XCTAssertEqual(decide(file), .intact(footerOffset: header.count))
    }

    func testAFileTornInsideAPointIsCutAfterTheLastCompletePoint() {
        let whole = header + point + point
        let file = whole + point.prefix(20)
        XCTAssertEqual(decide(file), .cut(at: whole.count))
    }

    func testAFileTornInsideTheFooterIsCutAfterTheLastCompletePoint() {
        let whole = header + point
        let file = whole + footer.prefix(7)
        XCTAssertEqual(decide(file), .cut(at: whole.count))
    }

    func testAFileTornBeforeItsFirstPointIsCutAfterTheSegmentStart() {
        let file = header + point.prefix(10)
        XCTAssertEqual(decide(file), .cut(at: header.count))
    }

    /// A restart writes a segment break; torn before the new segment's first point, the file is cut
    /// after that segment start, and every tail window that holds it decides the same (found by the
    /// track-repair fuzz target: a 64-byte tail cut after the segment start, the whole file after the
    /// point before it).
    func testATearAfterARestartsSegmentBreakIsCutAfterItWhateverTheWindow() {
        let breakBytes = Array(GPXTrackFormat.segmentBreak.utf8)
        let whole = header + point + breakBytes
        let file = whole + point.prefix(5)
        for window in [16, 64, 4096] {
            XCTAssertEqual(decide(file, window: window), .cut(at: whole.count), "window \(window)")
        }
    }

    func testZerosAfterTheLastPointAreCutOff() {
        // What a power loss leaves when the size reached the disk but the data did not.
        let whole = header + point
        XCTAssertEqual(decide(whole + [UInt8](repeating: 0, count: 3000)), .cut(at: whole.count))
    }

    func testAFileOfAnotherProgramIsNotOurs() {
        let other = Array("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"other\"><trk><trkseg></trkseg></trk></gpx>\n".utf8)
        XCTAssertEqual(decide(other), .notOurs)
        XCTAssertEqual(decide(Array("not a track at all".utf8)), .notOurs)
    }

    func testAnEmptyFileIsEmpty() {
        XCTAssertEqual(GPXTrackTail.decide(head: [], tail: [], fileSize: 0), .empty)
    }

    func testTinyFilesAreNotOurs() {
        for size in 1..<GPXTrackTail.headBytes {
            XCTAssertEqual(decide(Array(header.prefix(size))), .notOurs, "\(size) bytes")
        }
        XCTAssertEqual(decide(Array(footer)), .notOurs, "a footer alone")
    }

    func testATornTailThatTheWindowDoesNotReachIsNotOurs() {
        // No complete point or segment start in the last 64 bytes: the decision cannot see far enough.
        let file = header + point + [UInt8](repeating: 0x41, count: 5000)
        XCTAssertEqual(decide(file, window: 64), .notOurs)
    }

    func testTheDecisionNeedsOnlyTheTailOfALongTrack() {
        var file = header
        for _ in 0..<2000 { file += point }
        let whole = file.count
        file += point.prefix(30)
        XCTAssertEqual(decide(file, window: 1024), .cut(at: whole), "an offset in the whole file, from its last KiB")
        XCTAssertEqual(decide(Array(file.prefix(whole)) + footer, window: 64), .intact(footerOffset: whole))
    }

    func testInputsNoFileCanGiveAreNotOursRatherThanATrap() {
        XCTAssertEqual(GPXTrackTail.decide(head: header, tail: footer, fileSize: 3), .notOurs)
        XCTAssertEqual(GPXTrackTail.decide(head: header, tail: footer, fileSize: -1), .notOurs)
        XCTAssertEqual(GPXTrackTail.decide(head: [], tail: [1], fileSize: 0), .notOurs)
    }

    func testACutNeverReachesIntoTheHeader() {
        // Our header's start, then a torn name: the only segment start is gone.
        let file = Array(GPXTrackFormat.headerPrefix.utf8) + Array(" xmlns=\"…\">\n<trk><na".utf8)
        XCTAssertEqual(decide(file), .notOurs)
    }

    func testTheTrackNameIsReadBackFromTheHead() {
        let head = Array(GPXTrackFormat.header(name: "Osnabrück & <back>").utf8)
        XCTAssertEqual(GPXTrackFormat.trackName(inHead: head), "Osnabrück & <back>")
        XCTAssertNil(GPXTrackFormat.trackName(inHead: Array(head.prefix(head.count - 20))))
    }

    /// Escaping works on bytes: an `&` before a combining accent is still escaped, so the file stays
    /// well-formed XML, and reads back as written.
    func testAnAmpersandBeforeACombiningAccentIsEscaped() {
        XCTAssertEqual(GPXTrackFormat.escaped("a&\u{301}b <c>"), "a&amp;\u{301}b &lt;c&gt;")
        let head = Array(GPXTrackFormat.header(name: "a&\u{301}b").utf8)
        XCTAssertEqual(GPXTrackFormat.trackName(inHead: head), "a&\u{301}b")
    }
}

/// A walk's file name: its start in UTC and the route's name made safe.
final class TrackFileNameTests: XCTestCase {
    func testTheNameIsTheStartToTheMinuteAndTheRouteSlug() {
        // 2026-11-26T08:15:42Z.
        XCTAssertEqual(TrackFileName.name(startedAt: 1_795_680_942, routeName: "Demo walk"), "2026-11-26T0815Z-demo-walk.gpx")
    }

    func testTimestampsOfKnownDates() {
        XCTAssertEqual(TrackFileName.timestamp(0), "1970-01-01T0000Z")
        XCTAssertEqual(TrackFileName.timestamp(951_782_400), "2000-02-29T0000Z")
        XCTAssertEqual(TrackFileName.timestamp(-1), "1969-12-31T2359Z")
        XCTAssertEqual(TrackFileName.timestamp(.max), "9999-12-31T2359Z", "clamped, not trapped")
        XCTAssertEqual(TrackFileName.timestamp(.min), "0000-01-01T0000Z")
    }

    func testTheSlugKeepsASCIILettersAndDigitsAndDropsAccents() {
        XCTAssertEqual(TrackFileName.slug("Osnabrück Altstadt, 2. Runde"), "osnabruck-altstadt-2-runde")
        XCTAssertEqual(TrackFileName.slug("São Paulo, Crème brûlée"), "sao-paulo-creme-brulee")
        // Letters with no canonical decomposition are dropped whole, not guessed.
        XCTAssertEqual(TrackFileName.slug("Łódź Ærø"), "odz-r")
    }

    /// The standard library's decomposition gives the slug Foundation's
    /// `decomposedStringWithCanonicalMapping` gave, letter for letter.
    func testTheSlugIsTheOneFoundationsDecompositionGave() {
        func foundationSlug(_ name: String) -> String {
            var kept = ""
            var dash = false
            for scalar in name.decomposedStringWithCanonicalMapping.unicodeScalars {
                if scalar.properties.generalCategory == .nonspacingMark { continue }
                guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else {
                    dash = !kept.isEmpty
                    continue
                }
                if dash { kept.append("-"); dash = false }
                kept.append(Character(scalar).lowercased())
            }
            return kept.isEmpty ? "walk" : kept
        }
        for name in ["Osnabrück Altstadt", "Ñandú à Åland", "Ångström ÿ ǅ", "한국 walk", "ﬁne ﬂow", "Ｆｕｌｌ", "e\u{301}te", "Ωmega ĳ"] {
            XCTAssertEqual(TrackFileName.slug(name), foundationSlug(name), name)
        }
    }

    func testTheSlugCannotLeaveTheDirectory() {
        XCTAssertEqual(TrackFileName.slug("../../etc/passwd"), "etc-passwd")
        XCTAssertEqual(TrackFileName.slug("a/b\\c\u{0}d"), "a-b-c-d")
    }

    func testAnEmptyOrSymbolOnlyNameBecomesWalk() {
        XCTAssertEqual(TrackFileName.slug(""), "walk")
        XCTAssertEqual(TrackFileName.slug("—/…"), "walk")
        XCTAssertEqual(TrackFileName.name(startedAt: 0, routeName: nil), "1970-01-01T0000Z-walk.gpx")
    }

    func testTheSlugIsBounded() {
        let slug = TrackFileName.slug(String(repeating: "long name ", count: 50))
        XCTAssertLessThanOrEqual(slug.count, TrackFileName.maximumSlugLength)
        XCTAssertFalse(slug.hasSuffix("-"))
    }
}
