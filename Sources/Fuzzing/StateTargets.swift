import BLE
import Foundation
import Navigation
import Platform
import Runtime
import Sensors

/// The files the appliance keeps in its state directory and reads back at start: any of them may be
/// torn by a pulled battery, edited by hand or restored from another Pi.
enum StateTargets {
    /// progress.json: a file the store accepts resumes guidance or is refused for this route, and a
    /// saved progress reads back as itself.
    static let progress = FuzzTarget(
        name: "state-progress",
        summary: "progress.json (the walk's next waypoint) through the store to resumed guidance"
    ) { input throws(FuzzViolation) in
        let directory = Scratch.directory("progress")
        let store = ProgressStore(directory: directory)
        try? Data(input.rest()).write(to: URL(fileURLWithPath: store.path))
        guard let progress = try? store.load() else { return }
        let route = NavigationConsumer.route
        var guidance = RouteGuidance(route: route, parameters: GuidanceParameters(), restoring: progress)
        _ = guidance.handle(.start, now: .zero)
        _ = guidance.handle(Fix(coordinate: route.waypoints[1].coordinate, mode: .threeD, receivedAt: .seconds(1)), now: .seconds(1))
        _ = guidance.progressReport()
        if progress.resumes(on: route) {
            try expect(route.waypoints.indices.contains(progress.currentIndex) || progress.destinationReached,
                       "progress at waypoint \(progress.currentIndex) of \(route.waypoints.count) resumes")
        }
        do { try store.save(progress) } catch { throw FuzzViolation("saving \(progress) failed: \(error)") }
        try expect((try? store.load()) == progress, "\(progress) does not read back as itself")
    }

    /// compass-calibration.json: an accepted calibration turns any finite field into a finite heading.
    static let calibration = FuzzTarget(
        name: "state-calibration",
        summary: "the compass calibration file through the store to headings"
    ) { input throws(FuzzViolation) in
        let directory = Scratch.directory("calibration")
        let store = CompassCalibrationStore(directory: directory)
        try? Data(input.rest()).write(to: URL(fileURLWithPath: store.path))
        guard let calibration = try? store.load() else { return }
        _ = try? store.load(for: .qmc5883l, address: 0x0D)
        let estimator = CompassHeadingEstimator(calibration: calibration)
        for field in [Vector3(20, 0, -40), Vector3(0, 20, -40), Vector3(-3, -17, 45)] {
            if let heading = estimator.heading(from: CompassSample(field: field), at: .zero) {
                try expect(heading.magneticDegrees.isFinite, "a heading of \(heading.magneticDegrees)° from \(field)")
            }
        }
    }

    /// bonds.json: the keys an accepted file holds can be saved again and read back unchanged.
    static let bonds = FuzzTarget(
        name: "state-bonds",
        summary: "bonds.json (pairing keys kept without bluetoothd) through the bond store"
    ) { input throws(FuzzViolation) in
        let directory = Scratch.directory("bonds")
        let store = BondStore(stateDirectory: directory)
        try? Data(input.rest()).write(to: URL(fileURLWithPath: store.path))
        guard let adapter = BluetoothAddress(string: "B8:27:EB:00:00:01"),
              let bonds = try? store.bonds(adapter: adapter) else { return }
        for bond in bonds.prefix(4) {
            do { try store.save(bond, adapter: adapter) } catch { throw FuzzViolation("saving \(bond) failed: \(error)") }
            let again = try? store.bonds(adapter: adapter)
            try expect(again?.contains(bond) == true, "\(bond) does not read back")
        }
    }
}

/// The walked track, reopened after a power loss: the decision from the file's ends, and the file
/// that `TrackFile` leaves.
enum TrackTargets {
    /// A track file as a pulled battery may leave it. The decision from a 64 KiB tail agrees with the
    /// one from the whole file (or gives up), an intact file ends with the footer where it says, a cut
    /// lands just after a point or a segment start and leaves a file that decides as intact, and once
    /// `TrackFile` has opened it and appended a fix, the file ends with that fix and the footer.
    static let trackRepair = FuzzTarget(
        name: "track-repair",
        summary: "a walk's GPX track file after a power loss: the tail decision, the repair and the next append",
        maximumLength: 16_384
    ) { input throws(FuzzViolation) in
        // The first byte picks a window small enough that torn tails fall outside it too.
        let window = [TrackFile.tailWindow, 64, 512, 16][input.choose(4)]
        let file = input.rest()
        let head = Array(file.prefix(GPXTrackTail.headBytes))
        let whole = GPXTrackTail.decide(head: head, tail: file, fileSize: file.count)
        let windowed = GPXTrackTail.decide(head: head, tail: Array(file.suffix(window)), fileSize: file.count)
        try expect(windowed == whole || windowed == .notOurs, "a \(window)-byte tail decides \(windowed), the whole file \(whole)")
        switch whole {
        case .intact(let footerOffset):
            try expect(Array(file[footerOffset...]) == Array(GPXTrackFormat.footer.utf8), "intact, but no footer at \(footerOffset)")
        case .cut(let offset):
            try expect(offset > 0 && offset <= file.count, "a cut at \(offset) of \(file.count) bytes")
            let kept = Array(file[..<offset])
            try expect(kept.ends(with: GPXTrackFormat.pointEnd) || kept.ends(with: GPXTrackFormat.segmentStart),
                       "a cut at \(offset) that does not follow a point or a segment start")
            let repaired = kept + Array((GPXTrackFormat.segmentBreak + GPXTrackFormat.footer).utf8)
            let again = GPXTrackTail.decide(head: head, tail: repaired, fileSize: repaired.count)
            try expect(again == .intact(footerOffset: repaired.count - GPXTrackFormat.footer.utf8.count),
                       "the repaired file decides \(again)")
        case .empty, .notOurs:
            break
        }

        let directory = Scratch.directory("track")
        let path = directory + "/walk.gpx"
        _ = FileManager.default.createFile(atPath: path, contents: Data(file))
        guard let track = try? TrackFile(path: path, routeName: "fuzz") else { return }
        let fix = Fix(coordinate: Coordinate(latitude: 52.52, longitude: 13.405), mode: .threeD,
                      utcSeconds: 1_795_000_000, receivedAt: .zero)
        try expect(track.append(fix), "appending to the reopened track failed")
        guard let written = FileManager.default.contents(atPath: path).map(Array.init) else {
            throw FuzzViolation("the track vanished after an append")
        }
        // Only the ends are ever read, so damage in the middle of a long track stays there; what the
        // open and the append promise is the end: the new point, then the footer, decided intact.
        let expectedEnd = Array((GPXTrackFormat.point(fix) + GPXTrackFormat.footer).utf8)
        try expect(written.count >= expectedEnd.count && written.suffix(expectedEnd.count).elementsEqual(expectedEnd),
                   "after reopening (\(whole)) and one append, the file does not end with the point and the footer")
        let reopened = GPXTrackTail.decide(head: Array(written.prefix(GPXTrackTail.headBytes)), tail: written, fileSize: written.count)
        try expect(reopened == .intact(footerOffset: written.count - GPXTrackFormat.footer.utf8.count),
                   "after reopening (\(whole)) and one append, the file decides \(reopened)")
    }
}

extension Array where Element == UInt8 {
    func ends(with text: String) -> Bool {
        let suffix = Array(text.utf8)
        return count >= suffix.count && self.suffix(suffix.count).elementsEqual(suffix)
    }
}
