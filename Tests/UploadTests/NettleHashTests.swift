import Upload
import UploadPlatform
import XCTest

/// SHA-256 and HMAC-SHA256 from Nettle against their standards' own test vectors.
final class NettleHashTests: XCTestCase {
    let crypto = Nettle()

    func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes) }

    // FIPS 180-2, Appendix B (SHA-256 examples): B.1 "abc", B.2 the 448-bit message, B.3 a million "a".

    func testSHA256OfABCIsFIPS180Example1() throws {
        XCTAssertEqual(hex(try crypto.sha256(Array("abc".utf8))),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testSHA256OfTheTwoBlockMessageIsFIPS180Example2() throws {
        let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        XCTAssertEqual(hex(try crypto.sha256(Array(message.utf8))),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    func testSHA256OfAMillionAIsFIPS180Example3() throws {
        XCTAssertEqual(hex(try crypto.sha256([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// The empty payload's hash, which every S3 GET signs (AWS, "Signature Calculations for the
    /// Authorization Header", the GET Object example's x-amz-content-sha256).
    func testSHA256OfNothingIsTheEmptyPayloadHash() throws {
        XCTAssertEqual(hex(try crypto.sha256([])), SigningRequest.emptyPayloadSHA256)
    }

    // RFC 4231, section 4: HMAC-SHA-256 test cases 1, 2, 3, 4, 6 and 7 (case 5 checks a truncated output).

    func testHMACCase1() throws {
        XCTAssertEqual(hex(try crypto.hmacSHA256(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8))),
                       "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    func testHMACCase2AKeyShorterThanTheOutput() throws {
        XCTAssertEqual(hex(try crypto.hmacSHA256(key: Array("Jefe".utf8),
                                                 message: Array("what do ya want for nothing?".utf8))),
                       "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    func testHMACCase3() throws {
        XCTAssertEqual(hex(try crypto.hmacSHA256(key: [UInt8](repeating: 0xaa, count: 20),
                                                 message: [UInt8](repeating: 0xdd, count: 50))),
                       "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe")
    }

    func testHMACCase4() throws {
        XCTAssertEqual(hex(try crypto.hmacSHA256(key: Array(1...25), message: [UInt8](repeating: 0xcd, count: 50))),
                       "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b")
    }

    func testHMACCase6AKeyLongerThanTheBlockIsHashedFirst() throws {
        XCTAssertEqual(hex(try crypto.hmacSHA256(key: [UInt8](repeating: 0xaa, count: 131),
                                                 message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))),
                       "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    func testHMACCase7ALongKeyAndALongMessage() throws {
        let message = "This is a test using a larger than block-size key and a larger than block-size data. "
            + "The key needs to be hashed before being used by the HMAC algorithm."
        XCTAssertEqual(hex(try crypto.hmacSHA256(key: [UInt8](repeating: 0xaa, count: 131), message: Array(message.utf8))),
                       "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2")
    }

    /// An empty key is a valid HMAC key (padded with zeros), not "no key".
    func testHMACWithAnEmptyKeyAndMessageIsTheStandardValue() throws {
        // RFC 2104's construction over a key of 64 zero bytes; the value is Python's
        // hmac.new(b"", b"", "sha256"), computed apart from Nettle.
        XCTAssertEqual(hex(try crypto.hmacSHA256(key: [], message: [])),
                       "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }
}
