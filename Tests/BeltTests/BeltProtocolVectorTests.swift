@testable import Belt
import XCTest

/// Byte vectors from running the libraries' own encoders (pybelt, FSLib-Android, FSLib-iOS's
/// `FSCommandDataPacket.swift`) with the arguments their public calls pass, one test each. Rows whose
/// bytes only another library writes (pybelt's 3-byte mode change, FSLib-iOS's `FF` iterations, the other
/// keep-alive answers) are checked in the decode direction, with the bytes our encoder writes for the same
/// command beside them.
final class BeltProtocolVectorTests: XCTestCase {
    // MARK: FE05 parameter commands

    func testVector01_pybeltSetBeltModeApp_threeBytes_decodesOnly() {
        assertDecodes(BeltWrite(characteristic: .fe05, bytes: bytes("01 81 03")), as: .changeMode(.app))
        // We write the FSLibs' 4-byte form, vector 2.
        XCTAssertEqual(BeltCommand.changeMode(.app).encoded().bytes, bytes("01 81 03 00"))
    }

    func testVector02_changeBeltModeApp_fourBytes() {
        assertCommand(.changeMode(.app), .fe05, "01 81 03 00")
    }

    func testVector03_requestMode_andTheBeltsAnswer() {
        assertCommand(.requestParameter(.mode), .fe05, "01 01")
        assertNotification(.fe06, "01 01 03", .mode(.app))
    }

    func testVector04_setDefaultIntensity50WithFeedback() {
        assertCommand(.setDefaultIntensity(50, feedback: true), .fe05, "01 82 32 00 01")
    }

    func testVector05_requestDefaultIntensity_andTheBeltsAnswer() {
        assertCommand(.requestParameter(.defaultIntensity), .fe05, "01 02")
        assertNotification(.fe06, "01 02 32", .defaultIntensity(50))
    }

    func testVector06_requestHeadingOffset_andTheBeltsAnswer45() {
        assertCommand(.requestParameter(.headingOffset), .fe05, "01 03")
        assertNotification(.fe06, "01 03 2D 00", .headingOffset(45))
    }

    func testVector07_iOSChangeHeadingOffset45() {
        assertCommand(.setHeadingOffset(45), .fe05, "01 83 2D 00")
    }

    func testVector08_androidHeadingOffset45Persistent_advancedForm() {
        assertCommand(.setAdvancedParameter(.headingOffset(45), persistent: true), .fe05, "11 01 01 2D 00")
    }

    func testVector09_requestCompassAccuracyState_andTheBeltsAnswer() {
        assertCommand(.requestCompassAccuracySignalState, .fe05, "10 01 03")
        assertNotification(.fe06, "10 03 03", .advancedParameter(.compassAccuracySignal(.everywhere)))
    }

    func testVector10_compassAccuracySignalDisableTemporary() {
        assertCommand(.setCompassAccuracySignal(enabled: false, persistent: false), .fe05, "11 03 00 00")
    }

    func testVector11_compassAccuracySignalEnablePersistent() {
        assertCommand(.setCompassAccuracySignal(enabled: true, persistent: true), .fe05, "11 03 01 03")
    }

    func testVector12_pybeltInaccurateSignalInCompassModeOnly() {
        assertCommand(.setAdvancedParameter(.compassAccuracySignal(.inCompassMode), persistent: false), .fe05, "11 03 00 01")
    }

    func testVector13_pybeltPairingRequiredSaved() {
        assertCommand(.setAdvancedParameter(.pairingRequired(true), persistent: true), .fe05, "11 25 01 01")
    }

    func testVector14_pybeltOrientationNotificationPeriod100ms_withTheFE0CSwitches() {
        // pybelt: FE0C notifications off, the FE05 write, then (after FE06 `10 0F`) on again.
        assertCommand(.setOrientationNotifications(false), .fe0c, "00 00", kind: .clientConfiguration)
        assertCommand(.setAdvancedParameter(.orientationNotificationPeriod(milliseconds: 100), persistent: false),
                      .fe05, "11 0F 00 64 00")
        assertNotification(.fe06, "10 0F 64 00", .advancedParameter(.orientationNotificationPeriod(milliseconds: 100)))
        assertCommand(.setOrientationNotifications(true), .fe0c, "01 00", kind: .clientConfiguration)
    }

    // MARK: FE03 vibration commands

    static let bearing90Continuous = ChannelConfiguration(channel: 0, pattern: .continuous, orientation: .magneticBearing(90),
                                                          iterations: 0, periodMilliseconds: 500)

    func testVector15_pybeltAndAndroidVibrateAtMagneticBearing90Channel0() {
        assertCommand(.configureChannel(Self.bearing90Continuous), .fe03, "00 01 AA AA 00 00 03 5A 00 00 00 00 F4 01 00 00 00 00")
    }

    func testVector16_iOSVibrateAtMagneticBearing90Channel0_FFIterations_decodesOnly() throws {
        let iOS = BeltWrite(characteristic: .fe03, bytes: bytes("00 01 AA AA 00 00 03 5A 00 00 00 FF F4 01 00 00 00 00"))
        // FF reads as "indefinitely": the same command as vector 15, which is what we write.
        assertDecodes(iOS, as: .configureChannel(Self.bearing90Continuous))
        // The FSLib-iOS call itself, through the command line's mapping.
        XCTAssertEqual(try FSLibCommandNames.command(from: json(["cmd": .string("vibrateAtMagneticBearing"),
                                                                 "direction": .int(90), "channelIndex": .int(0)])),
                       try BeltCommandDecoder.decode(iOS))
    }

    func testVector17_pybeltVibrateAtAngle270_andMinus90() {
        let at270 = ChannelConfiguration(channel: 1, pattern: .continuous, orientation: .angle(270), iterations: 0,
                                         periodMilliseconds: 500)
        assertCommand(.configureChannel(at270), .fe03, "01 01 AA AA 00 00 02 0E 01 00 00 00 F4 01 00 00 00 00")
        var atMinus90 = at270
        atMinus90.orientation = .angle(-90)
        XCTAssertEqual(BeltCommand.configureChannel(atMinus90).encoded(), BeltCommand.configureChannel(at270).encoded())
    }

    func testVector18_iOSVibrateAtAngleMinus90Point7Intensity60StopOthers_decodesOnly() throws {
        let iOS = BeltWrite(characteristic: .fe03, bytes: bytes("01 01 3C 00 00 00 02 0E 01 00 00 FF F4 01 00 00 00 01"))
        let expected = ChannelConfiguration(channel: 1, pattern: .continuous, intensity: 60, orientation: .angle(270),
                                            iterations: 0, periodMilliseconds: 500, clearOtherChannels: true)
        assertDecodes(iOS, as: .configureChannel(expected))
        XCTAssertEqual(BeltCommand.configureChannel(expected).encoded().bytes,
                       bytes("01 01 3C 00 00 00 02 0E 01 00 00 00 F4 01 00 00 00 01"), "ours: 00 for indefinitely")
        // −90.7 is cut toward zero to −90, then taken modulo 360, as FSLib-iOS does.
        let viaCommandLine = try FSLibCommandNames.command(from: json([
            "cmd": .string("vibrateAtAngle"), "angle": .double(-90.7), "intensity": .int(60), "stopOtherChannels": .bool(true)]))
        XCTAssertEqual(viaCommandLine.encoded(), BeltCommand.configureChannel(expected).encoded())
    }

    func testVector19_pybeltChannel3DoubleShortMotor20Becomes4() {
        let c = ChannelConfiguration(channel: 3, pattern: .doubleShort, intensity: 75, orientation: .motorIndex(20),
                                     iterations: 5, periodMilliseconds: 1200, startTimeMilliseconds: 300,
                                     exclusive: true, clearOtherChannels: true)
        let vector = "03 04 4B 00 00 00 01 04 00 00 00 05 B0 04 2C 01 01 01"
        XCTAssertEqual(BeltCommand.configureChannel(c).encoded(), BeltWrite(characteristic: .fe03, bytes: bytes(vector)))
        var normalised = c
        normalised.orientation = .motorIndex(4)
        assertCommand(.configureChannel(normalised), .fe03, vector)
    }

    func testVector20_pybeltBinaryMaskMotors14And2() {
        let c = ChannelConfiguration(channel: 0, pattern: .continuous, orientation: .binaryMask(0x4004), iterations: 1,
                                     periodMilliseconds: 1000)
        assertCommand(.configureChannel(c), .fe03, "00 01 AA AA 00 00 00 04 40 00 00 01 E8 03 00 00 00 00")
    }

    func testVector21_iOSDocsFivePulsesOnTheLeft() {
        let c = ChannelConfiguration(channel: 0, pattern: .singleLong, orientation: .angle(270), iterations: 5,
                                     periodMilliseconds: 1000, clearOtherChannels: true)
        assertCommand(.configureChannel(c), .fe03, "00 03 AA AA 00 00 02 0E 01 00 00 05 E8 03 00 00 00 01")
    }

    func testVector22_pybeltPulseBinaryMask() {
        let p = PulseConfiguration(channel: 0, orientation: .binaryMask(0x1011), onDurationMilliseconds: 150,
                                   pulseIterations: 3, seriesIterations: 1, pulsePeriodMilliseconds: 500,
                                   seriesPeriodMilliseconds: 1500, timerOption: .resetTimer)
        assertCommand(.pulse(p), .fe03, "40 00 00 11 10 AA 96 00 03 01 F4 01 DC 05 00 00 00")
    }

    func testVector23_androidPulseAtMagneticBearing90Indefinitely() {
        let p = PulseConfiguration(channel: 2, orientation: .magneticBearing(90), onDurationMilliseconds: 200,
                                   pulseIterations: 1, seriesIterations: 0, pulsePeriodMilliseconds: 1000,
                                   seriesPeriodMilliseconds: 1000, timerOption: .resetWhenPeriodDiffers)
        assertCommand(.pulse(p), .fe03, "40 02 03 5A 00 AA C8 00 01 00 E8 03 E8 03 01 00 00")
    }

    func testVector24_stopAllChannels_andStopChannel2() {
        assertCommand(.stop(channel: nil), .fe03, "30 FF")
        assertCommand(.stop(channel: 2), .fe03, "30 02")
    }

    func testVector25_systemSignalsWarningGoalReachedBattery() {
        assertCommand(.systemSignal(.warning), .fe03, "20 00")
        assertCommand(.systemSignal(.destinationReached), .fe03, "20 01")
        assertCommand(.systemSignal(.batteryLevel), .fe03, "20 02")
    }

    // MARK: Navigation controller rows, through BeltNavigationController and the encoder

    func connected(mode: BeltMode) -> BeltNavigationController {
        var c = BeltNavigationController()
        _ = c.handle(.modeChanged(mode), now: .zero)
        _ = c.handle(.connected, now: .zero)
        return c
    }

    func writes(_ outputs: [BeltNavigationOutput]) -> [BeltWrite] {
        outputs.compactMap { if case .send(let c) = $0 { c.encoded() } else { nil } }
    }

    func fe03(_ hex: String) -> BeltWrite { BeltWrite(characteristic: .fe03, bytes: bytes(hex)) }

    static let vector26 = "02 01 AA AA 00 00 03 5A 00 00 00 00 F4 01 00 00 00 00"

    func testVector26_startNavigationBearing90ContinuousInAppMode() throws {
        var c = connected(mode: .app)
        let out = try c.startNavigation(direction: 90, isMagneticBearing: true, signal: .continuous, now: .seconds(1))
        XCTAssertEqual(writes(out), [fe03(Self.vector26)])
        assertDecodes(fe03(Self.vector26), as: .configureChannel(ChannelConfiguration(
            channel: 2, pattern: .continuous, orientation: .magneticBearing(90), iterations: 0, periodMilliseconds: 500)))
    }

    func testVector27_startNavigationInWaitMode_modeChangeFirst_thenTheSignalAfterFE06Mode3() throws {
        var c = connected(mode: .wait)
        let out = try c.startNavigation(direction: 90, isMagneticBearing: true, signal: .continuous, now: .seconds(1))
        XCTAssertEqual(writes(out), [BeltWrite(characteristic: .fe05, bytes: bytes("01 81 03 00"))])
        guard case .mode(let mode) = try BeltNotificationDecoder.decode(.fe06, bytes("01 01 03")) else {
            return XCTFail("FE06 01 01 03 is a mode report")
        }
        XCTAssertEqual(writes(c.handle(.modeChanged(mode), now: .seconds(1))), [fe03(Self.vector26)])
    }

    func testVector28_navigationTurnOngoingBearingMinus30() throws {
        var c = connected(mode: .app)
        let out = try c.startNavigation(direction: -30, isMagneticBearing: true, signal: .turnOngoing, now: .seconds(1))
        let vector = "02 03 AA AA 00 00 03 4A 01 00 00 00 EE 02 00 00 00 00"
        XCTAssertEqual(writes(out), [fe03(vector)])
        assertDecodes(fe03(vector), as: .configureChannel(ChannelConfiguration(
            channel: 2, pattern: .singleLong, orientation: .magneticBearing(330), iterations: 0, periodMilliseconds: 750)))
    }

    func testVector29_navigationDestinationReachedRepeated() throws {
        var c = connected(mode: .app)
        let out = try c.startNavigation(direction: 123, isMagneticBearing: true, signal: .destinationReachedRepeated,
                                        now: .seconds(1))
        let vector = "02 09 AA AA 00 00 01 00 00 00 00 00 88 13 00 00 00 00"
        XCTAssertEqual(writes(out), [fe03(vector)])
        assertDecodes(fe03(vector), as: .configureChannel(ChannelConfiguration(
            channel: 2, pattern: .destinationReached, orientation: .motorIndex(0), iterations: 0, periodMilliseconds: 5000)))
    }

    func testVector30_notifyDirection270FromTheFront() {
        let c = connected(mode: .app)
        let vector = "00 01 AA AA 00 00 02 0E 01 00 00 01 E8 03 00 00 00 00"
        XCTAssertEqual(writes(c.notifyDirection(270, isMagneticBearing: false)), [fe03(vector)])
        assertDecodes(fe03(vector), as: .configureChannel(ChannelConfiguration(
            channel: 0, pattern: .continuous, orientation: .angle(270), iterations: 1, periodMilliseconds: 1000)))
    }

    func testVector31_notifyWarningCritical_andNotCritical() {
        let c = connected(mode: .app)
        let critical = "00 03 AA AA 00 00 00 11 11 00 00 03 BC 02 00 00 01 00"
        let operational = "00 06 19 00 00 00 01 00 00 00 00 02 F4 01 00 00 01 00"
        XCTAssertEqual(writes(c.notifyWarning(critical: true)), [fe03(critical)])
        XCTAssertEqual(writes(c.notifyWarning(critical: false)), [fe03(operational)])
        assertDecodes(fe03(critical), as: .configureChannel(ChannelConfiguration(
            channel: 0, pattern: .singleLong, orientation: .binaryMask(0x1111), iterations: 3, periodMilliseconds: 700,
            exclusive: true)))
        assertDecodes(fe03(operational), as: .configureChannel(ChannelConfiguration(
            channel: 0, pattern: .warning, intensity: 25, orientation: .motorIndex(0), iterations: 2,
            periodMilliseconds: 500, exclusive: true)))
    }

    func testVector32_notifyDestinationReached_iOSSystemSignal_andAndroidChannelConfiguration() {
        var c = connected(mode: .app)
        // The controller follows FSLib-iOS here (BeltNavigationController's decisions).
        XCTAssertEqual(writes(c.notifyDestinationReached(shouldStopNavigation: false)), [fe03("20 01")])
        let android = ChannelConfiguration(channel: 0, pattern: .destinationReached, orientation: .motorIndex(0),
                                           iterations: 1, periodMilliseconds: 2500, exclusive: true)
        assertCommand(.configureChannel(android), .fe03, "00 09 AA AA 00 00 01 00 00 00 00 01 C4 09 00 00 01 00")
    }

    // MARK: FE02, FE07

    func testVector33_keepAliveAnswer_iOSEncoded_allThreeDecoded() {
        assertCommand(.answerKeepAlive, .fe02, "00")
        assertDecodes(BeltWrite(characteristic: .fe02, bytes: bytes("00 00")), as: .answerKeepAlive)
        assertDecodes(BeltWrite(characteristic: .fe02, bytes: bytes("01")), as: .answerKeepAlive)
    }

    func testVector34_androidPlaySoundStart() {
        let start = [BuzzerTone(hertz: 800, milliseconds: 50), .rest(milliseconds: 100), BuzzerTone(hertz: 1000, milliseconds: 50)]
        assertCommand(.playSound(start), .fe07, "01 03 19 00 20 05 0A 05")
    }

    // MARK: Notification decode vectors (checked against pybelt's parser)

    func testNotificationVector1_batteryOnBattery75Percent() throws {
        let status = BeltBatteryStatus(powerStatus: .onBattery, levelRaw: 0x4B00, timeRaw: 0x0780,
                                       currentMilliamperes: -250, voltageMillivolts: 3850)
        assertNotification(.fe09, "01 00 4B 80 07 06 FF 0A 0F", .batteryStatus(status))
        XCTAssertEqual(status.percent, 75.0)
        XCTAssertEqual(status.seconds, 10800)
    }

    func testNotificationVector2_batteryCharging100Point5ClampedTo100() {
        let status = BeltBatteryStatus(powerStatus: .charging, levelRaw: 0x6480, timeRaw: 0,
                                       currentMilliamperes: 200, voltageMillivolts: 4200)
        assertNotification(.fe09, "02 80 64 00 00 C8 00 68 10", .batteryStatus(status))
        XCTAssertEqual(Double(status.levelRaw) / 256, 100.5)
        XCTAssertEqual(status.percent, 100.0)
        XCTAssertEqual(status.seconds, 0)
    }

    func testNotificationVector3_orientationHeadingMinus90Accurate() {
        let report = BeltOrientationReport(sensorID: 2, beltHeading: -90, boxHeading: 168, boxRoll: 0, boxPitch: 0,
                                           accuracy: 5, magnetometerStatus: 3, accelerometerStatus: 3,
                                           gyroscopeStatus: 3, fusionStatus: 3, isInaccurate: false)
        assertNotification(.fe0c, "02 A6 FF A8 00 00 00 00 00 05 00 03 03 03 03 00", .orientation(report))
        XCTAssertEqual(report.headingDegrees, 270, "iOS shows 270")
    }

    func testNotificationVector4_orientationHeading123Inaccurate() {
        let report = BeltOrientationReport(sensorID: 2, beltHeading: 123, boxHeading: 168, accuracy: 5, isInaccurate: true)
        assertNotification(.fe0c, "02 7B 00 A8 00 00 00 00 00 05 00 03 03 03 03 01", .orientation(report))
    }

    func testNotificationVector5_pauseButtonShortPressInAppMode() {
        assertNotification(.fe04, "02 01 00 03 03", .buttonPressed(.pause, .short, previousMode: .app, newMode: .app))
    }

    func testNotificationVector6_powerButtonLongPressWaitToStandby() {
        assertNotification(.fe04, "01 03 00 01 00", .buttonPressed(.power, .long, previousMode: .wait, newMode: .standby))
    }

    func testNotificationVector7_parameterModeCompass() {
        assertNotification(.fe06, "01 01 02", .mode(.compass))
    }

    func testNotificationVector8_compassAccuracySignalAppOnCompassOff() throws {
        assertNotification(.fe06, "10 03 02", .advancedParameter(.compassAccuracySignal(.inAppMode)))
        // iOS reads any non-zero as enabled, Android ≥ 2: both "enabled".
        let state = CompassAccuracySignalState.inAppMode
        XCTAssertTrue(state.rawValue != 0 && state.rawValue >= 2)
    }

    func testNotificationVector9_bleNameNaviGuertel() {
        assertNotification(.fe06, "01 04 6E 61 76 69 47 75 65 72 74 65 6C", .bleName("naviGuertel"))
    }
}
