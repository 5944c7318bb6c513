import Upload
import XCTest

/// The AWS shared-credentials format as the upload reads it: the profile's keys, comments and
/// whitespace as the AWS tools allow, and every mistake at its line with what to do.
final class SharedCredentialsParserTests: XCTestCase {
    let file = "/etc/wayfinder/upload.credentials"

    func parse(_ text: String, profile: String = "default") throws -> AccessKey {
        try SharedCredentialsParser.parse(text, file: file, profile: profile)
    }

    func issues(_ text: String, profile: String = "default", line: UInt = #line) -> [String] {
        do {
            _ = try SharedCredentialsParser.parse(text, file: file, profile: profile)
            XCTFail("expected the file to be refused", line: line)
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    func testTheDefaultProfilesKeysAreRead() throws {
        let key = try parse("""
            # written by the lab
            [default]
            aws_access_key_id = AKIAIOSFODNN7EXAMPLE
            aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
            """)
        XCTAssertEqual(key, AccessKey(accessKeyID: "AKIAIOSFODNN7EXAMPLE",
                                      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"))
    }

    /// Comments with `#` and `;`, no spaces or many around `=`, upper-case names, CRLF line ends,
    /// a byte-order mark, other profiles and unknown keys (a region) around it.
    func testTheFormatsLatitudes() throws {
        let text = "\u{FEFF}; lab units\r\n[other]\r\naws_access_key_id=NOT-THIS\r\n\r\n[default]\r\n"
            + "AWS_ACCESS_KEY_ID=AKID\r\naws_secret_access_key \t=  se cret+/= \r\nregion = eu-west-1\r\n"
            + "aws_session_token = FQoG//token\r\n"
        XCTAssertEqual(try parse(text), AccessKey(accessKeyID: "AKID", secretAccessKey: "se cret+/=", sessionToken: "FQoG//token"))
    }

    func testANamedProfileIsChosen() throws {
        let text = "[default]\naws_access_key_id = A\naws_secret_access_key = a\n[study]\naws_access_key_id = B\naws_secret_access_key = b\n"
        XCTAssertEqual(try parse(text, profile: "study").accessKeyID, "B")
    }

    func testAMissingProfileNamesTheOnesThereAre() {
        XCTAssertEqual(issues("[study]\naws_access_key_id = B\naws_secret_access_key = b\n"),
                       ["\(file): has no [default] profile (it has [study])"])
        XCTAssertEqual(issues("# nothing yet\n"),
                       ["\(file): has no [default] profile; write [default] with aws_access_key_id and aws_secret_access_key"])
    }

    func testAMissingSecretIsReportedAtTheProfileWithTheLikelyTypo() {
        XCTAssertEqual(issues("[default]\naws_access_key_id = A\naws_secret_access = x\n"),
                       ["\(file):1: [default] has no aws_secret_access_key (is aws_secret_access at line 3 a typo?)"])
    }

    func testEachMistakeIsReportedAtItsLine() {
        XCTAssertEqual(issues("""
            aws_access_key_id = A
            [default]
            aws_access_key_id = "AKID"
            just some words
            aws_secret_access_key = s
            aws_secret_access_key = t
              continued
            [default
            """), [
                "\(file):1: aws_access_key_id is outside any profile; put [default] above it",
                "\(file):4: expected name = value (e.g. aws_access_key_id = AKIA…), a [profile] or a # comment",
                "\(file):6: aws_secret_access_key is set twice in [default]; keep one",
                "\(file):7: an indented line continues the previous value in this format; write each setting on one line, starting at the line's beginning",
                "\(file):8: a profile's header is [name], e.g. [default]",
                "\(file):3: aws_access_key_id: is in quotes, which this format keeps as part of the value; remove them",
            ])
    }

    func testAnEmptyValueAndARepeatedProfileAreRefused() {
        XCTAssertEqual(issues("[default]\naws_access_key_id =\naws_secret_access_key = s\n[default]\n"), [
            "\(file):4: profile [default] appears twice; merge the two",
            "\(file):2: aws_access_key_id: is empty",
        ])
    }

    /// A secret is never repeated in a message, whatever is wrong with it.
    func testMessagesNeverQuoteTheSecret() {
        let found = issues("[default]\naws_access_key_id = A\naws_secret_access_key = 'hunter2'\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertFalse(found.joined().contains("hunter2"))
    }

    func testTheKeysDescriptionHidesTheSecret() {
        let key = AccessKey(accessKeyID: "AKID", secretAccessKey: "hunter2", sessionToken: "t")
        XCTAssertEqual("\(key)", "access key AKID with a session token")
    }
}
