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

  func testSearchReportCarriesTheCorrectedQueryAndTimingsFromTheProcessStart() throws {
    let state = LoadState()
    let line = Report.json(
      for: state, results: [], correctedQuery: "buffer",
      timings: Report.Timings(startToLoaded: 0.5, startToReport: 0.75))
    let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    XCTAssertEqual(report["correctedQuery"] as? String, "buffer")
    XCTAssertEqual(report["timings"] as? [String: Double], ["startToLoaded": 0.5, "startToReport": 0.75])
    let plain = Report.json(for: state, timings: Report.Timings(startToLoaded: nil, startToReport: 1))
    XCTAssertFalse(plain.contains("correctedQuery"), "left out when not corrected")
    XCTAssertTrue(plain.contains(#""timings":{"startToLoaded":null,"startToReport":1}"#), plain)
    let marked = Report.json(
      for: state,
      timings: Report.Timings(
        startToLoaded: 0.5, startToReport: 0.75,
        milestones: [.init(name: "main", seconds: 0.125), .init(name: "gtkReady", seconds: 0.25)]))
    XCTAssertTrue(
      marked.contains(#""milestones":{"gtkReady":0.25,"main":0.125}"#), "by name, as every key: \(marked)")
  }

  func testProcessStartIsReadFromProcSelfStat() throws {
    // The command name may hold spaces and parentheses; starttime is field 22.
    let fields = (3...52).map { $0 == 22 ? "5000" : "0" }.joined(separator: " ")
    let stat = "4242 (help (viewer) demo) " + fields
    XCTAssertEqual(ProcessClock.secondsSinceStart(stat: stat, uptime: 51.5, ticksPerSecond: 100), 1.5)
    XCTAssertNil(ProcessClock.secondsSinceStart(stat: "garbage", uptime: 1, ticksPerSecond: 100))
    XCTAssertNil(ProcessClock.secondsSinceStart(stat: "1 (x) S 1", uptime: 1, ticksPerSecond: 100))
    let own = try XCTUnwrap(ProcessClock.secondsSinceStart())
    XCTAssertTrue(own > 0 && own < 24 * 3600, "this test process started a while ago: \(own)")
  }
}
