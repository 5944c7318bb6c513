/// Advertising data (AD) or EIR: what a peripheral says about itself before anyone connects.
///
/// The same value parses a Device Found event's EIR (advertising data and scan response
/// concatenated by the kernel, mgmt-api.txt "Device Found Event") and encodes what a simulator
/// advertises (mgmt Add Advertising). Well-known types become typed fields; every structure the
/// fields do not hold (unknown types, a second name, a malformed payload) is kept in
/// `otherStructures`, so nothing a device sent is silently dropped.
package struct AdvertisingData: Sendable, Hashable {
    /// The legacy advertising and scan response payload size (Core Spec Vol 6 Part B §2.3.1).
    package static let legacyLimit = 31

    package var flags: AdvertisingFlags?
    package var serviceUUIDLists: [ServiceUUIDList]
    package var localName: String?
    /// Complete Local Name (0x09) rather than Shortened Local Name (0x08).
    package var isLocalNameComplete: Bool
    package var txPowerLevel: Int8?
    package var serviceData: [ServiceData]
    package var manufacturerData: [ManufacturerData]
    package var otherStructures: [AdvertisingStructure]

    package init(flags: AdvertisingFlags? = nil, serviceUUIDLists: [ServiceUUIDList] = [], localName: String? = nil,
                isLocalNameComplete: Bool = true, txPowerLevel: Int8? = nil, serviceData: [ServiceData] = [],
                manufacturerData: [ManufacturerData] = [], otherStructures: [AdvertisingStructure] = []) {
        self.flags = flags
        self.serviceUUIDLists = serviceUUIDLists
        self.localName = localName
        self.isLocalNameComplete = isLocalNameComplete
        self.txPowerLevel = txPowerLevel
        self.serviceData = serviceData
        self.manufacturerData = manufacturerData
        self.otherStructures = otherStructures
    }

    /// Every advertised service UUID, each once, in the order first seen.
    package var serviceUUIDs: [BLEUUID] {
        var seen = Set<BLEUUID>()
        return serviceUUIDLists.flatMap(\.uuids).filter { seen.insert($0).inserted }
    }

    package var isEmpty: Bool { structures.isEmpty }

    // MARK: - Parsing

    /// Parses AD/EIR bytes (Core Spec Vol 3 Part C §11): `length · type · payload` structures.
    ///
    /// - A zero length byte ends the significant part; what follows is padding and is ignored.
    ///   The kernel already cuts reports there (`process_adv_report` in net/bluetooth/hci_event.c
    ///   sets the length to the significant part) before appending a scan response.
    /// - A length running past the end is `.truncated`; the structures before it are kept.
    /// - A well-framed structure with a bad payload is `.malformedStructure`, kept unparsed.
    package static func parse(_ bytes: some Collection<UInt8>) -> AdvertisingParseResult {
        let bytes = Array(bytes)
        var data = AdvertisingData(isLocalNameComplete: false)
        var errors: [AdvertisingDataError] = []
        var offset = 0
        while offset < bytes.count {
            let length = Int(bytes[offset])
            if length == 0 { break }
            let available = bytes.count - offset - 1
            guard length <= available else {
                errors.append(.truncated(offset: offset, declared: length, available: available))
                break
            }
            let structure = AdvertisingStructure(
                type: AdvertisingDataType(rawValue: bytes[offset + 1]),
                payload: Array(bytes[(offset + 2)..<(offset + 1 + length)]))
            if !data.absorb(structure) {
                errors.append(.malformedStructure(type: structure.type, offset: offset, payloadLength: structure.payload.count))
                data.otherStructures.append(structure)
            }
            offset += 1 + length
        }
        if data.localName == nil { data.isLocalNameComplete = true }
        return AdvertisingParseResult(data: data, errors: errors)
    }

    /// Parses strictly: any problem throws the first error.
    package init(parsing bytes: some Collection<UInt8>) throws(AdvertisingDataError) {
        let result = Self.parse(bytes)
        if let first = result.errors.first { throw first }
        self = result.data
    }

    /// Takes one structure into the typed fields; false when its payload is malformed for its type.
    private mutating func absorb(_ structure: AdvertisingStructure) -> Bool {
        let payload = structure.payload
        switch structure.type {
        case .flags:
            guard let first = payload.first else { return false }
            if flags == nil { flags = AdvertisingFlags(rawValue: first) } else { otherStructures.append(structure) }
        case .incompleteServiceUUIDs16, .completeServiceUUIDs16, .incompleteServiceUUIDs32, .completeServiceUUIDs32,
             .incompleteServiceUUIDs128, .completeServiceUUIDs128:
            let raw = structure.type.rawValue
            let width: ServiceUUIDList.Width = raw <= 0x03 ? .bits16 : raw <= 0x05 ? .bits32 : .bits128
            guard payload.count % width.rawValue == 0 else { return false }
            let uuids = stride(from: 0, to: payload.count, by: width.rawValue).compactMap {
                BLEUUID(littleEndian: payload[$0..<($0 + width.rawValue)])
            }
            serviceUUIDLists.append(ServiceUUIDList(width: width, isComplete: raw % 2 == 1, uuids: uuids))
        case .shortenedLocalName, .completeLocalName:
            let complete = structure.type == .completeLocalName
            // A complete name wins over a shortened one (a shortened name in the advertisement, the
            // full one in the scan response); otherwise the first name seen stays.
            if localName == nil || (complete && !isLocalNameComplete) {
                if let previous = localName {
                    otherStructures.append(AdvertisingStructure(type: .shortenedLocalName, payload: Array(previous.utf8)))
                }
                localName = Self.name(payload)
                isLocalNameComplete = complete
            } else {
                otherStructures.append(structure)
            }
        case .txPowerLevel:
            guard payload.count == 1 else { return false }
            if txPowerLevel == nil { txPowerLevel = Int8(bitPattern: payload[0]) } else { otherStructures.append(structure) }
        case .serviceData16, .serviceData32, .serviceData128:
            let width: ServiceUUIDList.Width = structure.type == .serviceData16 ? .bits16
                : structure.type == .serviceData32 ? .bits32 : .bits128
            guard payload.count >= width.rawValue, let uuid = BLEUUID(littleEndian: payload[0..<width.rawValue]) else {
                return false
            }
            serviceData.append(ServiceData(uuid: uuid, width: width, data: Array(payload[width.rawValue...])))
        case .manufacturerSpecificData:
            manufacturerData.append(ManufacturerData(bytes: payload))
        default:
            otherStructures.append(structure)
        }
        return true
    }

    /// UTF-8 (Core Specification Supplement Part A §1.2), without the NUL padding some firmware adds.
    private static func name(_ payload: [UInt8]) -> String {
        var bytes = payload[...]
        while bytes.last == 0 { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Encoding

    /// The structures in canonical order: flags, service UUID lists, name, TX power, service data,
    /// manufacturer data, then the unparsed ones as they came.
    package var structures: [AdvertisingStructure] {
        var result: [AdvertisingStructure] = []
        if let flags { result.append(AdvertisingStructure(type: .flags, payload: [flags.rawValue])) }
        for list in serviceUUIDLists {
            result.append(AdvertisingStructure(type: list.type, payload: list.payload ?? []))
        }
        if let localName {
            result.append(AdvertisingStructure(type: isLocalNameComplete ? .completeLocalName : .shortenedLocalName,
                                               payload: Array(localName.utf8)))
        }
        if let txPowerLevel {
            result.append(AdvertisingStructure(type: .txPowerLevel, payload: [UInt8(bitPattern: txPowerLevel)]))
        }
        for entry in serviceData {
            let type: AdvertisingDataType = switch entry.width {
            case .bits16: .serviceData16
            case .bits32: .serviceData32
            case .bits128: .serviceData128
            }
            let list = ServiceUUIDList(width: entry.width, isComplete: true, uuids: [entry.uuid])
            result.append(AdvertisingStructure(type: type, payload: (list.payload ?? []) + entry.data))
        }
        for entry in manufacturerData {
            result.append(AdvertisingStructure(type: .manufacturerSpecificData, payload: entry.bytes))
        }
        return result + otherStructures
    }

    /// The bytes, checked: every UUID fits its list, every structure fits a length byte, and the
    /// whole fits `limit` (default: a legacy advertising packet).
    package func encoded(limit: Int = Self.legacyLimit) throws(AdvertisingDataError) -> [UInt8] {
        for list in serviceUUIDLists {
            if let misfit = list.uuids.first(where: { !Self.fits($0, list.width) }) {
                throw .uuidDoesNotFitWidth(misfit, width: list.width)
            }
        }
        for entry in serviceData where !Self.fits(entry.uuid, entry.width) {
            throw .uuidDoesNotFitWidth(entry.uuid, width: entry.width)
        }
        var bytes: [UInt8] = []
        for structure in structures {
            guard structure.payload.count <= 254 else {
                throw .structureTooLong(type: structure.type, payloadLength: structure.payload.count)
            }
            bytes += structure.encoded
        }
        guard bytes.count <= limit else { throw .tooLong(length: bytes.count, limit: limit) }
        return bytes
    }

    private static func fits(_ uuid: BLEUUID, _ width: ServiceUUIDList.Width) -> Bool {
        switch width {
        case .bits16: return uuid.uuid16 != nil
        case .bits32: return uuid.uuid32 != nil
        case .bits128: return true
        }
    }
}
