import Foundation

/// Reads an object back with Debian's python3-boto3 (`/usr/bin/python3`, the AWS SDK for Python), a
/// client that shares no code with ours.
enum Boto3 {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let script = """
        import sys, boto3
        from botocore.config import Config
        endpoint, key_id, secret, bucket, key = sys.argv[1:6]
        s3 = boto3.client("s3", endpoint_url=endpoint, aws_access_key_id=key_id, aws_secret_access_key=secret,
                          region_name="us-east-1", config=Config(s3={"addressing_style": "path"}))
        sys.stdout.buffer.write(s3.get_object(Bucket=bucket, Key=key)["Body"].read())
        """

    /// The object's bytes as boto3's `get_object` returns them.
    static func get(endpoint: String, keyID: String, secret: String, bucket: String, key: String) throws -> [UInt8] {
        let python = "/usr/bin/python3"
        let check = Process()
        check.executableURL = URL(fileURLWithPath: python)
        check.arguments = ["-c", "import boto3"]
        check.standardError = FileHandle.nullDevice
        try check.run()
        check.waitUntilExit()
        guard check.terminationStatus == 0 else {
            throw Failure(description: "python3-boto3 is not installed: apt-get install python3-boto3 (make test installs it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, endpoint, keyID, secret, bucket, key]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "boto3 could not read \(bucket)/\(key): \(String(decoding: message, as: UTF8.self).suffix(1500))")
        }
        return Array(bytes)
    }
}
