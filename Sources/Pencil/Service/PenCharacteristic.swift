import BLE

/// The characteristics the FiftyThree SDK knows, by service (`FTPenServiceClient.mm`,
/// `FTDeviceInfoServiceClient.mm`; UUIDs from `FTServiceUUIDs.m` in thomasmarsh/SDK @ 6664c7b8). The raw
/// value is the full 128-bit UUID as the SDK prints it, uppercase; `uuid` is the typed form.
package enum PenCharacteristic: String, Sendable, Hashable, CaseIterable {
    // Pen service
    case isTipPressed = "9E289D8F-3B25-4CE7-B8A8-B624BB3FC5C7"
    case isEraserPressed = "4FB6FE50-39D9-4B12-A523-8DC8857542E6"
    case tipPressure = "EB1B235C-84D8-4595-AD89-9A58187AF718"
    case eraserPressure = "A5A0087A-2140-410D-9B3C-23D93EF212E5"
    case batteryLevel = "1A59BBBD-8205-4699-9B07-F477A0510C67"
    case hasListener = "A314488F-266F-4A7B-AFEE-6034B2F59808"
    case shouldSwing = "9B772BAB-97A0-4C1F-9644-1B4F9530AA35"
    case shouldPowerOff = "FC2FE4B4-BB68-4A9E-A999-373BAA29C809"
    case inactivityTimeout = "80F47BEF-58EF-4C75-9F08-7453BA896DA5"
    case pressureSetup = "A9FE2C8F-9A5D-429A-A4B2-C5E63AF22FB3"
    case manufacturingID = "0976668C-001F-4744-8335-0E147B697CAE"
    case lastErrorCode = "5749A836-6E3A-4CA5-B8CA-225A4C635D8E"
    case authenticationCode = "6041750F-F284-4125-BFB4-E912878614D7"
    case centralID = "0365CFC0-BE72-11E3-A496-0002A5D5C51B"
    case motion = "FCCE8FB8-D4C9-4390-8D75-21CE748EC303"
    case motionSetup = "CC454B53-1622-4604-95DD-A30ECC6A678E"
    case encoderTurn = "574B27A7-5D18-7209-E0CA-AD82CDABD716"
    // Device Information Service 0x180A, read once the pen is ready.
    case manufacturerName = "00002A29-0000-1000-8000-00805F9B34FB"
    case modelNumber = "00002A24-0000-1000-8000-00805F9B34FB"
    case serialNumber = "00002A25-0000-1000-8000-00805F9B34FB"
    case firmwareRevision = "00002A26-0000-1000-8000-00805F9B34FB"
    case hardwareRevision = "00002A27-0000-1000-8000-00805F9B34FB"
    case softwareRevision = "00002A28-0000-1000-8000-00805F9B34FB"
    case systemID = "00002A23-0000-1000-8000-00805F9B34FB"
    case ieeeCertification = "00002A2A-0000-1000-8000-00805F9B34FB"
    case pnpID = "00002A50-0000-1000-8000-00805F9B34FB"

    /// The Pen service: what the SDK scans for and discovers first (`FTPenManager.mm`, `FTPen.mm`).
    package static let penService = BLEUUID(high: 0x1DEF_5645_3C5D_4667, low: 0x973D_8965_706A_2961)
    /// Pen Usage service (`FTPenUsageServiceClient.mm`): counters, discovered only on request.
    package static let usageService = BLEUUID(high: 0x5551_8435_9BAB_4612, low: 0xBDCE_F5B0_C8C1_27AC)
    package static let deviceInformationService = BLEUUID(0x180A)

    /// Every raw value is a well-formed UUID (`PenValueDecoderTests` checks each), so the fallback is
    /// never taken. Parsed once: each pen operation names its characteristic by this.
    package var uuid: BLEUUID { Self.uuids[self] ?? BLEUUID(0) }

    /// The characteristic a notification or discovery names; a table lookup, as pressure notifications
    /// arrive every 20 ms.
    package init?(uuid: BLEUUID) {
        guard let found = Self.byUUID[uuid] else { return nil }
        self = found
    }

    private static let uuids: [PenCharacteristic: BLEUUID] =
        Dictionary(uniqueKeysWithValues: allCases.compactMap { c in BLEUUID(string: c.rawValue).map { (c, $0) } })
    private static let byUUID: [BLEUUID: PenCharacteristic] = Dictionary(uniqueKeysWithValues: uuids.map { ($1, $0) })

    /// Matches a UUID string in any case (GATT clients and BlueZ differ).
    package init?(uuidString: String) {
        self.init(rawValue: uuidString.uppercased())
    }

    /// The 17 characteristics of the Pen service, in `FTServiceUUIDs.m`'s order (the SDK discovers them by
    /// this list).
    package static let penServiceCharacteristics: [PenCharacteristic] = [
        .isTipPressed, .isEraserPressed, .tipPressure, .eraserPressure, .batteryLevel, .hasListener, .shouldSwing,
        .shouldPowerOff, .inactivityTimeout, .pressureSetup, .manufacturingID, .lastErrorCode, .authenticationCode,
        .centralID, .motion, .motionSetup, .encoderTurn,
    ]

    /// The DIS characteristics the SDK reads (`FTDeviceInfoServiceClient.mm`).
    package static let deviceInformationCharacteristics: [PenCharacteristic] = [
        .manufacturerName, .modelNumber, .serialNumber, .firmwareRevision, .hardwareRevision, .softwareRevision,
        .systemID, .ieeeCertification, .pnpID,
    ]
}
