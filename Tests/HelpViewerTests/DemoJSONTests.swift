import Foundation
import HelpViewer
import XCTest

@testable import HelpViewerDemo

/// The demo's JSON lines as `JSONEncoder` writes them: the same keys and value types as a script
/// reads them, `null` where there is no value.
final class DemoJSONTests: XCTestCase {
  func testReceiptLineHoldsTheDecisionAndTheSortedReceipt() throws {
    let receipt = TermsReceipt(
      requestedURL: "https://example.com/terms", finalURL: "https://example.com/terms/v1",
      sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", etag: "\"v1\"",
      title: "Terms \u{2014} \"quoted\"", acceptedAt: Date(timeIntervalSince1970: 1_800_000_000))
    let line = ReceiptJSON.line(for: receipt)
    XCTAssertFalse(line.contains("\n"))
    XCTAssertTrue(line.hasPrefix(#"{"decision":"accepted","receipt":{"acceptedAt":"2027-01-15T08:00:00Z","#), line)
    XCTAssertTrue(line.contains(#""finalURL":"https://example.com/terms/v1""#), "slashes as they are: \(line)")
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let fields = try XCTUnwrap(object["receipt"] as? [String: Any])
    XCTAssertEqual(fields["sha256"] as? String, receipt.sha256)
    XCTAssertEqual(fields["title"] as? String, receipt.title)
    XCTAssertEqual(fields["isOfflineCopy"] as? Bool, false)
    XCTAssertNil(fields["lastModified"], "TermsReceipt's own Codable leaves out what it lacks")
  }
}
