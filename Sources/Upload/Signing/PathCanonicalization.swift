/// How the request's path becomes the canonical request's URI. S3 is the exception AWS documents:
/// "Each path segment must be URI-encoded twice ... except for Amazon S3 which only gets URI-encoded
/// once", and S3 does not normalize the path (botocore's `S3SigV4Auth` turns off `normalize_path`).
package enum PathCanonicalization: Sendable, Hashable {
    /// S3: the request's `path` is the object's path as written (`/bucket/a key/ሴ.json`, not
    /// percent-encoded); it is encoded once, `/` kept, and otherwise taken as it is (`//` and `.`
    /// segments are part of a key).
    case s3
    /// Every other service (AWS's SigV4 test suite, service "service"): the request's `path` is the path
    /// as sent on the request line, already percent-encoded; dot segments and empty segments are removed
    /// (RFC 3986 5.2.4, as botocore's `remove_dot_segments`) and the result is encoded again.
    case normalizedAndEncodedAgain
}
