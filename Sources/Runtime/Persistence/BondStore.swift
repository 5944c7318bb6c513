import BLE
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The bonds `wayfinder pair` made, on disk, so they outlive a reboot on a Pi without bluetoothd.
///
/// Why we keep keys at all: the kernel holds them in memory only and hands them to user space once,
/// in New Long Term Key / New Identity Resolving Key events (net/bluetooth/smp.c `smp_notify_keys`,
/// mgmt.c `mgmt_new_ltk`); bluetoothd is what normally stores them (under
/// /var/lib/bluetooth/<adapter>/<device>/info) and loads them back at start. Where bluetoothd does
/// not run, this file is that store (docs/ble.md, "Pairing").
///
/// One JSON file, `bonds.json` in the state directory, keys grouped by the adapter's address (a
/// bond belongs to the controller that made it). It holds secrets: mode 0600, and when written by
/// root (sudo wayfinder pair) it is handed to the state directory's owner, the service's user.
package struct BondStore: Sendable {
    package static let fileName = "bonds.json"
    package let path: String

    package init(stateDirectory: String) {
        path = stateDirectory.hasSuffix("/") ? stateDirectory + Self.fileName : "\(stateDirectory)/\(Self.fileName)"
    }

    /// Every bond made on the adapter with this address; none when the file does not exist.
    package func bonds(adapter: BluetoothAddress) throws(BondStoreError) -> [Bond] {
        var bonds: [Bond] = []
        for entry in try read().adapters[adapter.description, default: []] { bonds.append(try entry.bond(path: path)) }
        return bonds
    }

    /// Adds `bond`, replacing an older one for the same peer on the same adapter. Returns `NotDurable`
    /// when the file is written but its directory could not be synced (the bond may not survive a
    /// power loss).
    @discardableResult
    package func save(_ bond: Bond, adapter: BluetoothAddress) throws(BondStoreError) -> AtomicFile.NotDurable? {
        var file = try read()
        var entries = file.adapters[adapter.description, default: []]
        entries.removeAll { $0.peer == bond.peer.address.description }
        entries.append(Entry(bond))
        file.adapters[adapter.description] = entries
        return try write(file)
    }

    /// Removes the peer's bond on the adapter: `removed` false when there was none; `notDurable` when
    /// the file is rewritten but its directory could not be synced.
    package func remove(peer: BluetoothAddress, adapter: BluetoothAddress) throws(BondStoreError)
        -> (removed: Bool, notDurable: AtomicFile.NotDurable?) {
        var file = try read()
        var entries = file.adapters[adapter.description, default: []]
        let before = entries.count
        entries.removeAll { $0.peer == peer.description }
        guard entries.count != before else { return (false, nil) }
        file.adapters[adapter.description] = entries.isEmpty ? nil : entries
        return (true, try write(file))
    }

    // MARK: - File

    private func read() throws(BondStoreError) -> File {
        let bytes: [UInt8]?
        do { bytes = try AtomicFile.read(path) } catch { throw .unreadable(path: path, reason: error.description) }
        guard let bytes else { return File() }
        do {
            let file = try JSONDecoder().decode(File.self, from: Data(bytes))
            guard file.version == File.currentVersion else {
                throw BondStoreError.corrupt(path: path, reason: "version \(file.version), expected \(File.currentVersion)")
            }
            return file
        } catch let error as BondStoreError {
            throw error
        } catch {
            throw .corrupt(path: path, reason: "\(error)")
        }
    }

    private func write(_ file: File) throws(BondStoreError) -> AtomicFile.NotDurable? {
        let directory = PathText.directory(of: path)
        // The keys go where the appliance keeps them, under the same rule: a directory that lets
        // group or others in is refused, not written into.
        do { _ = try StateDirectory.makeReady(directory) } catch let refusal as StateDirectoryNotPrivate {
            throw .notPrivate(refusal)
        } catch {
            throw .unwritable(path: path, reason: "\(error)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do { data = try encoder.encode(file) } catch { throw .unwritable(path: path, reason: "\(error)") }
        let warning: AtomicFile.NotDurable?
        do { warning = try AtomicFile.write(Array(data), to: path, permissions: 0o600) } catch {
            throw .unwritable(path: path, reason: error.description)
        }
        // Root writing into the service's state directory: the service (User=wayfinder) must read it.
        var owner = stat()
        if geteuid() == 0, stat(directory, &owner) == 0, owner.st_uid != 0 {
            _ = chown(path, owner.st_uid, owner.st_gid)
        }
        return warning
    }

    /// The file's shape; keys and numbers as hex so the file reads like bluetoothd's `info` files.
    struct File: Codable {
        static let currentVersion = 1
        var version = currentVersion
        /// Adapter address → its bonds.
        var adapters: [String: [Entry]] = [:]
    }

    struct Entry: Codable, Equatable {
        var peer: String
        var type: String
        var longTermKeys: [Key]
        var identityResolvingKey: String?

        init(_ bond: Bond) {
            peer = bond.peer.address.description
            type = bond.peer.type.description
            longTermKeys = bond.longTermKeys.map(Key.init)
            identityResolvingKey = bond.identityResolvingKey.map { Hex.encode($0.value) }
        }

        func bond(path: String) throws(BondStoreError) -> Bond {
            guard let address = BluetoothAddress(string: peer),
                  let addressType = BluetoothAddressType.allCases.first(where: { $0.description == type }) else {
                throw .corrupt(path: path, reason: "peer \"\(peer)\" of type \"\(type)\" is not an LE address")
            }
            let identity = ManagementAddress(address, type: addressType)
            var keys: [LongTermKey] = []
            for key in longTermKeys {
                guard let value = Hex.decode(key.value, count: 16), let rand = UInt64(key.rand, radix: 16) else {
                    throw .corrupt(path: path, reason: "a key of \(peer) is not 16 hex bytes")
                }
                keys.append(LongTermKey(peer: identity, keyType: key.keyType, central: key.central,
                                        encryptionSize: key.encryptionSize, encryptionDiversifier: key.ediv,
                                        randomNumber: rand, value: value))
            }
            var irk: IdentityResolvingKey?
            if let text = identityResolvingKey {
                guard let value = Hex.decode(text, count: 16) else {
                    throw .corrupt(path: path, reason: "the IRK of \(peer) is not 16 hex bytes")
                }
                irk = IdentityResolvingKey(peer: identity, value: value)
            }
            return Bond(peer: identity, longTermKeys: keys, identityResolvingKey: irk)
        }
    }

    struct Key: Codable, Equatable {
        var keyType: UInt8
        var central: Bool
        var encryptionSize: UInt8
        var ediv: UInt16
        var rand: String
        var value: String

        init(_ key: LongTermKey) {
            keyType = key.keyType
            central = key.central
            encryptionSize = key.encryptionSize
            ediv = key.encryptionDiversifier
            rand = String(key.randomNumber, radix: 16, uppercase: true)
            value = Hex.encode(key.value)
        }
    }

    enum Hex {
        static func encode(_ bytes: [UInt8]) -> String {
            bytes.hexDigits(separator: "")
        }

        static func decode(_ text: String, count: Int) -> [UInt8]? {
            let digits = Array(text.utf8)
            guard digits.count == 2 * count else { return nil }
            var bytes: [UInt8] = []
            for i in stride(from: 0, to: digits.count, by: 2) {
                guard let byte = UInt8(String(decoding: digits[i..<(i + 2)], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(byte)
            }
            return bytes
        }
    }
}
