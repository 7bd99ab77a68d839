import Foundation
import XCTest

@testable import HelpViewerGlue

/// What the glue takes from GLib and libsoup instead of writing it by hand: SHA-256
/// (`GChecksum`), `Content-Disposition` (libsoup's parser), address equality (`GUri` +
/// `soup_uri_equal`).
final class PlatformGlueTests: XCTestCase {
  /// FIPS 180-4 / NIST vectors, in the format a receipt records: 64 lowercase hex digits.
  func testSHA256KnownVectors() {
    let vectors: [(String, String)] = [
      ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
      ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
      (
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
      ),
      (
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
      ),
      (
        "The quick brown fox jumps over the lazy dog",
        "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"
      ),
      (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
    ]
    for (message, expected) in vectors {
      XCTAssertEqual(Checksum.sha256(Array(message.utf8)), expected, "SHA-256 of “\(message)”")
    }
    XCTAssertEqual(
      Checksum.sha256([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  func testSHA256OfBinaryBytes() {
    // Every byte value, NUL included: nothing is read as a C string.
    let bytes = (0...255).map { UInt8($0) }
    XCTAssertEqual(Checksum.sha256(bytes), "40aff2e9d2d8922e47afd4648e6967497158785fbd1da870e7110266bf944880")
  }

  func testContentDispositionReadByLibsoup() {
    for value in ["attachment", "attachment; filename=x.csv", "ATTACHMENT; filename=\"a b.pdf\"", "Attachment"] {
      XCTAssertTrue(ContentDisposition.isAttachment(value: value), value)
    }
    for value in ["inline", "inline; filename=\"attachment.pdf\"", "attachmentx", "attachments; filename=x", ""] {
      XCTAssertFalse(ContentDisposition.isAttachment(value: value), value)
    }
  }

  func testSameAddressComparesURIsNotText() {
    let same: [(String, String)] = [
      ("https://example.com", "https://example.com/"),
      ("https://EXAMPLE.com/help", "https://example.com/help"),
      ("HTTPS://example.com/help", "https://example.com/help"),
      ("https://example.com:443/help", "https://example.com/help"),
      ("http://example.com:80", "http://example.com/"),
      ("http://127.0.0.1:8080/a?b=c#d", "http://127.0.0.1:8080/a?b=c#d"),
      ("about:blank", "about:blank"),
      ("file:///tmp/help/index.html", "file:///tmp/help/index.html"),
    ]
    for (a, b) in same {
      XCTAssertTrue(SameAddress.test(a, b), "\(a) = \(b)")
      XCTAssertTrue(SameAddress.test(b, a), "\(b) = \(a)")
    }
    let different: [(String, String)] = [
      ("https://example.com/a", "https://example.com/b"),
      ("http://example.com/", "https://example.com/"),
      ("https://example.com:8443/", "https://example.com/"),
      ("https://example.com/a?x=1", "https://example.com/a?x=2"),
      ("https://example.com/a#one", "https://example.com/a#two"),
      ("https://example.com/A", "https://example.com/a"),
      ("not an address", "not an address/"),
    ]
    for (a, b) in different {
      XCTAssertFalse(SameAddress.test(a, b), "\(a) ≠ \(b)")
      XCTAssertFalse(SameAddress.test(b, a), "\(b) ≠ \(a)")
    }
  }
}
