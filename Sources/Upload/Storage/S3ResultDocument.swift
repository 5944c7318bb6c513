/// The values the outbox reads from S3's result documents (Amazon S3 API Reference):
/// CreateMultipartUpload's `<InitiateMultipartUploadResult><UploadId>` and ListParts'
/// `<ListPartsResult><Part><PartNumber>…<ETag>…<Size>…</Part>`. Pure and tolerant as
/// `S3ErrorResponse`: read as bytes, entities unescaped, and a body that is not such a document gives
/// nil or no parts, never a crash. The root element carries S3's namespace as an attribute
/// (`<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">`), so it is not matched: the
/// elements read are looked for in the whole body.
package enum S3ResultDocument {
    /// The upload id of a CreateMultipartUpload answer.
    package static func uploadID(in body: [UInt8]) -> String? {
        guard let id = S3ErrorResponse.element("UploadId", in: body[...]).map(S3ErrorResponse.unescape),
              !id.isEmpty else { return nil }
        return id
    }

    /// The parts a ListParts answer lists; a part without a number in 1…10000, an ETag or a size is
    /// left out (it is then sent again).
    package static func parts(in body: [UInt8]) -> [OutboxRecord.Part] {
        var rest = body[...]
        var parts: [OutboxRecord.Part] = []
        let close = Array("</Part>".utf8)
        while let part = S3ErrorResponse.element("Part", in: rest) {
            if let number = S3ErrorResponse.element("PartNumber", in: part).flatMap({ Int(S3ErrorResponse.unescape($0)) }),
               (1...10_000).contains(number),
               let etag = S3ErrorResponse.element("ETag", in: part).map(S3ErrorResponse.unescape), !etag.isEmpty,
               let size = S3ErrorResponse.element("Size", in: part).flatMap({ Int64(S3ErrorResponse.unescape($0)) }), size >= 0 {
                parts.append(OutboxRecord.Part(number: number, size: size, etag: etag))
            }
            rest = rest[(part.endIndex + close.count)...]
        }
        return parts.sorted { $0.number < $1.number }
    }

    /// Whether a ListParts answer says more parts follow (`<IsTruncated>true`): the outbox then keeps
    /// only what it was told and sends the others again.
    package static func isTruncated(_ body: [UInt8]) -> Bool {
        S3ErrorResponse.element("IsTruncated", in: body[...]).map(S3ErrorResponse.unescape) == "true"
    }

    /// The uploads a ListMultipartUploads answer lists (`<Upload><Key>…</Key><UploadId>…</UploadId>`);
    /// one without a key or an id is left out.
    package static func uploads(in body: [UInt8]) -> [MultipartUpload] {
        var rest = body[...]
        var uploads: [MultipartUpload] = []
        let close = Array("</Upload>".utf8)
        while let upload = S3ErrorResponse.element("Upload", in: rest) {
            if let key = S3ErrorResponse.element("Key", in: upload).map(S3ErrorResponse.unescape), !key.isEmpty,
               let id = S3ErrorResponse.element("UploadId", in: upload).map(S3ErrorResponse.unescape), !id.isEmpty {
                uploads.append(MultipartUpload(key: key, uploadID: id))
            }
            rest = rest[(upload.endIndex + close.count)...]
        }
        return uploads
    }
}
