@testable import Pencil
import XCTest

/// The SDK's pairing model (`FTPenManager.mm`) through pair, separate, reconnect and unpair.
final class PenManagerTests: XCTestCase {
    static let us: UInt32 = 0xCAFE_F00D
    let pen = "AA:BB:CC:DD:EE:01"
    let other = "AA:BB:CC:DD:EE:02"
    let ms = { (n: Int) in Duration.milliseconds(n) }

    private func ad(_ peripheral: String, central: UInt32, name: String? = "Pencil") -> PenManagerInput {
        .discovered(PenAdvertisement(peripheral: peripheral, name: name, reconcilingCentral: central))
    }

    /// Unpaired, powered, then paired by the kiss: spot, scan, connect with the tip required, ready,
    /// tip and spot released 40 ms apart → married.
    private func married(_ m: inout PenManager) {
        XCTAssertEqual(m.handle(.adapter(poweredOn: true), now: .zero), [.stateChanged(.unpaired)])
        XCTAssertEqual(m.handle(.spotPressed(viaControl: false), now: ms(1000)), [.startScanning, .stateChanged(.seeking)])
        XCTAssertEqual(m.handle(ad(pen, central: 0), now: ms(1300)),
                       [.stopScanning, .connect(pen: pen, requireTipPressed: true), .stateChanged(.connecting)])
        XCTAssertEqual(m.handle(.ready(pen: pen), now: ms(1600)), [.stateChanged(.connected)])
        XCTAssertEqual(m.handle(.tip(pressed: false), now: ms(2000)), [], "waiting for the spot's release")
        XCTAssertEqual(m.handle(.spotReleased, now: ms(2040)), [.storePairing(pen: pen), .married(pen: pen)])
        XCTAssertEqual(m.phase, .married(pen: pen))
    }

    func testKissToPairMarriesWhenTipAndSpotAreReleasedTogether() {
        var m = PenManager(centralID: Self.us)
        XCTAssertEqual(m.state, .uninitialized)
        married(&m)
        XCTAssertEqual(m.state, .connected)
        XCTAssertEqual(m.pairedPen, pen)
    }

    /// 100 ms apart or more (either order), or no second release within 100 ms → unpaired.
    func testReleasesTooFarApartFailTheHandshake() {
        for (first, second) in [(PenManagerInput.tip(pressed: false), PenManagerInput.spotReleased),
                                (.spotReleased, .tip(pressed: false))] {
            var m = PenManager(centralID: Self.us)
            _ = m.handle(.adapter(poweredOn: true), now: .zero)
            _ = m.handle(.spotPressed(viaControl: false), now: .zero)
            _ = m.handle(ad(pen, central: 0), now: ms(100))
            _ = m.handle(.ready(pen: pen), now: ms(200))
            _ = m.handle(first, now: ms(1000))
            XCTAssertEqual(m.deadline, ms(1100))
            XCTAssertEqual(m.handle(second, now: ms(1100)), [.pairingHandshakeFailed, .disconnect(pen: pen), .stateChanged(.unpaired)])
            XCTAssertNil(m.pairedPen)
        }
        var m = PenManager(centralID: Self.us)
        _ = m.handle(.adapter(poweredOn: true), now: .zero)
        _ = m.handle(.spotPressed(viaControl: false), now: .zero)
        _ = m.handle(ad(pen, central: 0), now: ms(100))
        _ = m.handle(.ready(pen: pen), now: ms(200))
        _ = m.handle(.spotReleased, now: ms(1000))
        XCTAssertEqual(m.tick(now: ms(1099)), [])
        XCTAssertEqual(m.tick(now: ms(1100)), [.pairingHandshakeFailed, .disconnect(pen: pen), .stateChanged(.unpaired)])
        XCTAssertEqual(m.handle(.disconnected(pen: pen), now: ms(1150)), [])
        XCTAssertEqual(m.phase, .single)
    }

    /// 99 ms apart is inside the window.
    func testReleasesNinetyNineMillisecondsApartMarry() {
        var m = PenManager(centralID: Self.us)
        _ = m.handle(.adapter(poweredOn: true), now: .zero)
        _ = m.handle(.spotPressed(viaControl: false), now: .zero)
        _ = m.handle(ad(pen, central: 0), now: ms(100))
        _ = m.handle(.ready(pen: pen), now: ms(200))
        _ = m.handle(.spotReleased, now: ms(1000))
        XCTAssertEqual(m.handle(.tip(pressed: false), now: ms(1099)), [.storePairing(pen: pen), .married(pen: pen)])
    }

    /// With the pair control held, lifting the pen while the control is still held is the handshake.
    func testPairControlHeldWhileTheTipIsPressedMarries() {
        var m = PenManager(centralID: Self.us)
        _ = m.handle(.adapter(poweredOn: true), now: .zero)
        _ = m.handle(.spotPressed(viaControl: true), now: .zero)
        _ = m.handle(ad(pen, central: 0), now: ms(100))
        _ = m.handle(.ready(pen: pen), now: ms(200))
        XCTAssertEqual(m.handle(.tip(pressed: false), now: ms(3000)), [.storePairing(pen: pen), .married(pen: pen)])
    }

    /// Pens reconciling with another host are skipped; the first free one is taken.
    func testSeekingSkipsPensThatBelongToAnotherHost() {
        var m = PenManager(centralID: Self.us)
        _ = m.handle(.adapter(poweredOn: true), now: .zero)
        _ = m.handle(.spotPressed(viaControl: false), now: .zero)
        XCTAssertEqual(m.handle(ad(other, central: 0x1234), now: ms(10)), [])
        XCTAssertEqual(m.handle(ad(other, central: 0, name: "Stylus"), now: ms(20)), [], "not a pen's name")
        XCTAssertEqual(m.handle(ad(pen, central: Self.us), now: ms(30)).first, .stopScanning, "ours is taken")
    }

    /// Scanning gives up after 4 s; a connection attempt after 15 s; the tip released before
    /// readiness is an error; releasing the spot while seeking or connecting ends it.
    func testSeekingAndConnectingTimeoutsAndAborts() {
        var m = PenManager(centralID: Self.us)
        _ = m.handle(.adapter(poweredOn: true), now: .zero)
        _ = m.handle(.spotPressed(viaControl: false), now: .zero)
        XCTAssertEqual(m.tick(now: ms(3999)), [])
        XCTAssertEqual(m.tick(now: .seconds(4)), [.stopScanning, .failedToDiscoverPen, .stateChanged(.unpaired)])

        _ = m.handle(.spotPressed(viaControl: false), now: .seconds(5))
        _ = m.handle(ad(pen, central: 0), now: .seconds(5))
        XCTAssertEqual(m.handle(.disconnected(pen: pen), now: .seconds(6)), [.connect(pen: pen, requireTipPressed: true)],
                       "a drop while connecting is retried at once")
        XCTAssertEqual(m.tick(now: .seconds(20)), [.disconnect(pen: pen), .stateChanged(.unpaired)])
        _ = m.handle(.disconnected(pen: pen), now: .seconds(20))

        _ = m.handle(.spotPressed(viaControl: false), now: .seconds(30))
        _ = m.handle(ad(pen, central: 0), now: .seconds(30))
        XCTAssertEqual(m.handle(.tipNotPressed(pen: pen), now: .seconds(31)),
                       [.tipReleasedTooEarly, .disconnect(pen: pen), .stateChanged(.unpaired)])
        _ = m.handle(.disconnected(pen: pen), now: .seconds(31))

        _ = m.handle(.spotPressed(viaControl: false), now: .seconds(40))
        XCTAssertEqual(m.handle(.spotReleased, now: .seconds(41)), [.stopScanning, .stateChanged(.unpaired)])
    }

    /// An unexpected drop separates (scan); the pen advertising us → reconnecting without the tip → married.
    func testSeparationAndReconnection() {
        var m = PenManager(centralID: Self.us)
        married(&m)
        XCTAssertEqual(m.handle(.disconnected(pen: pen), now: .seconds(10)), [.startScanning, .stateChanged(.disconnected)])
        XCTAssertEqual(m.handle(ad(pen, central: 0), now: .seconds(11)), [], "our pen, not reconciling: ignored")
        XCTAssertEqual(m.handle(ad(other, central: Self.us), now: .seconds(11)), [], "another pen")
        XCTAssertEqual(m.handle(ad(pen, central: Self.us), now: .seconds(12)),
                       [.stopScanning, .connect(pen: pen, requireTipPressed: false), .stateChanged(.reconnecting)])
        XCTAssertEqual(m.handle(.ready(pen: pen), now: .seconds(13)), [.married(pen: pen), .stateChanged(.connected)])
        XCTAssertEqual(m.pairedPen, pen)
    }

    /// Reconnecting times out after 15 s → disconnect → Disconnected; a connection failure → Unpaired.
    func testReconnectingTimeoutAndFailure() {
        var m = PenManager(centralID: Self.us)
        married(&m)
        _ = m.handle(.disconnected(pen: pen), now: .seconds(10))
        _ = m.handle(ad(pen, central: 1), now: .seconds(10))              // v55 reconciling
        XCTAssertEqual(m.state, .reconnecting)
        XCTAssertEqual(m.tick(now: .seconds(25)), [.disconnect(pen: pen), .stateChanged(.disconnected)])
        XCTAssertEqual(m.handle(.disconnected(pen: pen), now: .seconds(25)), [.startScanning])
        _ = m.handle(ad(pen, central: Self.us), now: .seconds(30))
        XCTAssertEqual(m.handle(.connectionFailed(pen: pen), now: .seconds(31)), [.storePairing(pen: nil), .stateChanged(.unpaired)])
    }

    /// Our pen advertising another host's ID severs the pairing.
    func testPenTakenByAnotherHostSeversThePairing() {
        var m = PenManager(centralID: Self.us)
        married(&m)
        _ = m.handle(.disconnected(pen: pen), now: .seconds(10))
        XCTAssertEqual(m.handle(ad(pen, central: 0x0BAD_CAFE), now: .seconds(11)),
                       [.stopScanning, .storePairing(pen: nil), .stateChanged(.unpaired)])
    }

    /// A 1.5 s press on the spot while married powers the pen off and unpairs; released early, nothing.
    func testLongPressUnpairsAndAShortOneDoesNot() {
        var m = PenManager(centralID: Self.us)
        married(&m)
        XCTAssertEqual(m.handle(.spotPressed(viaControl: false), now: .seconds(10)),
                       [.startScanning, .stateChanged(.connectedLongPressToUnpair)])
        XCTAssertEqual(m.handle(.spotReleased, now: ms(11499)), [.stopScanning, .stateChanged(.connected)])
        _ = m.handle(.spotPressed(viaControl: false), now: .seconds(20))
        XCTAssertEqual(m.tick(now: ms(21499)), [])
        XCTAssertEqual(m.tick(now: ms(21500)), [.stopScanning, .powerOff(pen: pen), .storePairing(pen: nil),
                                                 .disconnect(pen: pen), .stateChanged(.unpaired)])
        XCTAssertEqual(m.handle(.disconnected(pen: pen), now: .seconds(22)), [])
        XCTAssertEqual(m.phase, .single)
    }

    /// A free pen seen during the long press is "on deck": paired next, tip required.
    func testLongPressHandsOverToAnOnDeckPen() {
        var m = PenManager(centralID: Self.us)
        married(&m)
        _ = m.handle(.spotPressed(viaControl: false), now: .seconds(10))
        _ = m.handle(ad(other, central: 0), now: ms(10500))
        _ = m.tick(now: ms(11500))
        XCTAssertEqual(m.handle(.disconnected(pen: pen), now: .seconds(12)),
                       [.connect(pen: other, requireTipPressed: true), .stateChanged(.connecting)])
    }

    /// The long press while separated unpairs without touching the pen.
    func testLongPressWhileDisconnectedUnpairs() {
        var m = PenManager(centralID: Self.us)
        married(&m)
        _ = m.handle(.disconnected(pen: pen), now: .seconds(10))
        XCTAssertEqual(m.handle(.spotPressed(viaControl: true), now: .seconds(11)), [.stateChanged(.disconnectedLongPressToUnpair)])
        XCTAssertEqual(m.handle(.spotReleased, now: .seconds(12)), [.stateChanged(.disconnected)])
        _ = m.handle(.spotPressed(viaControl: true), now: .seconds(13))
        XCTAssertEqual(m.tick(now: ms(14500)), [.stopScanning, .storePairing(pen: nil), .stateChanged(.unpaired)])
    }

    /// Adapter off → Uninitialized and the pairing is cleared; at launch with a stored pairing the
    /// manager goes straight to Disconnected (scanning) once powered.
    func testAdapterLossClearsThePairingAndAStoredPairingStartsSeparated() {
        var m = PenManager(centralID: Self.us)
        married(&m)
        XCTAssertEqual(m.handle(.adapter(poweredOn: false), now: .seconds(5)),
                       [.disconnect(pen: pen), .storePairing(pen: nil), .stateChanged(.uninitialized)])
        var restored = PenManager(centralID: Self.us, pairedPen: pen)
        XCTAssertEqual(restored.handle(.adapter(poweredOn: true), now: .zero), [.startScanning, .stateChanged(.disconnected)])
    }

    /// The public values and the connected / disconnected helpers.
    func testPublicStateValues() {
        XCTAssertEqual(PenManagerState.allCases.map(\.rawValue), Array(0...9))
        XCTAssertEqual(PenManagerState.allCases.filter(\.isConnected), [.connected, .connectedLongPressToUnpair, .updatingFirmware])
        XCTAssertEqual(PenManagerState.allCases.filter(\.isDisconnected), [.disconnected, .disconnectedLongPressToUnpair, .reconnecting])
    }
}
