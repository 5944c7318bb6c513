import Upload
import Vocabulary

/// The reader of `[upload]`.
extension ConfigurationLoader {
    /// `[upload]`: nil without the table (nothing is uploaded) or when it has problems, each reported.
    func readUpload(_ t: TableReader?, directory: String) -> UploadSettings? {
        guard let t else { return nil }
        var valid = true
        func refuse(_ key: String, _ message: String) {
            t.report(key, message)
            valid = false
        }

        var endpoint: UploadEndpoint?
        if let text = t.string("endpoint") {
            switch UploadEndpoint.parse(text) {
            case .success(let e): endpoint = e
            case .failure(let problem): refuse("endpoint", "\"\(text)\" \(problem.message)")
            }
        } else if !t.has("endpoint") {
            refuse("", "has no endpoint; name the storage, e.g. endpoint = \"https://s3.eu-central-1.amazonaws.com\"")
        } else { valid = false }

        let bucket = t.string("bucket")
        if let bucket, let problem = S3BucketName.problem(bucket) {
            refuse("bucket", "\"\(bucket)\" is not a valid bucket name: it \(problem)")
        } else if bucket == nil {
            if !t.has("bucket") { refuse("", "has no bucket; name it, e.g. bucket = \"wayfinder-walks\"") } else { valid = false }
        }

        var region = UploadSettings.defaultRegion
        if let r = t.string("region") {
            if Self.isRegion(r) { region = r } else {
                refuse("region", "\"\(r)\" is not a region name: lower-case letters, digits and hyphens, e.g. \"eu-central-1\" (\"us-east-1\" for most S3-compatible servers)")
            }
        } else if t.has("region") { valid = false }

        var prefix = ""
        if let p = t.string("prefix") {
            if p.hasPrefix("/") {
                refuse("prefix", "\"\(p)\" starts with /; a key prefix starts with its first name, e.g. \"study-a/\"")
            } else if p.utf8.count > UploadSettings.maxPrefixBytes {
                refuse("prefix", "is \(p.utf8.count) bytes long; at most \(UploadSettings.maxPrefixBytes)")
            } else if p.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                refuse("prefix", "contains a control character")
            } else if p.split(separator: "/", omittingEmptySubsequences: false).dropLast().contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
                refuse("prefix", "\"\(p)\" has an empty, . or .. part between slashes; S3-compatible servers differ on such keys")
            } else {
                prefix = p
            }
        } else if t.has("prefix") { valid = false }

        var credentials = UploadSettings.defaultCredentials
        if let c = t.string("credentials") {
            if c.isEmpty { refuse("credentials", "is empty; name the credentials file, e.g. \"/etc/wayfinder/upload.credentials\"") }
            credentials = c.hasPrefix("/") ? c : "\(directory)/\(c)"
        } else if t.has("credentials") { valid = false }

        var what = Set(UploadContent.allCases)
        if let names = t.strings("what") {
            what = []
            let options = UploadContent.allCases.map(\.rawValue)
            for (i, name) in names.enumerated() {
                guard let content = UploadContent(rawValue: name) else {
                    refuse("what[\(i)]", "\"\(name)\" is not one of \(options.map { "\"\($0)\"" }.joined(separator: ", "))"
                        + Suggestion.hint(for: name, in: options))
                    continue
                }
                if !what.insert(content).inserted { refuse("what[\(i)]", "\"\(name)\" is named twice") }
            }
        } else if t.has("what") { valid = false }

        var when = UploadTiming.idle
        if let w = t.choice("when", UploadTiming.allCases.map(\.rawValue)) {
            when = UploadTiming(rawValue: w) ?? .idle
        } else if t.has("when") { valid = false }

        var unitID: String?
        if let u = t.string("unit_id") {
            if UnitID.isKeySafe(u) { unitID = u } else {
                refuse("unit_id", "\"\(u)\" is not a key-safe name: 1–64 letters, digits, dots, underscores and hyphens, not starting with a dot or a hyphen (or leave unit_id out for the machine's pseudonym)")
            }
        } else if t.has("unit_id") { valid = false }

        let deleteAfterUpload = t.bool("delete_after_upload")
        if deleteAfterUpload == nil, t.has("delete_after_upload") { valid = false }

        t.rejectUnknownKeys()
        guard valid, let endpoint, let bucket else { return nil }
        return UploadSettings(endpoint: endpoint, bucket: bucket, region: region, prefix: prefix,
                              credentials: credentials, what: what, when: when, unitID: unitID,
                              deleteAfterUpload: deleteAfterUpload ?? false)
    }

    /// AWS's region names (`us-east-1`, `eu-central-1`) and what S3-compatible servers accept in their
    /// place: lower-case letters, digits and hyphens, 1–32 of them, a letter or digit at each end.
    static func isRegion(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...32).contains(bytes.count), bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-") else { return false }
        return bytes.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }
}
