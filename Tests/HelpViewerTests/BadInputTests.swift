import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Every bad input from the failures issue, through the real widget and through the demo's
/// `--report`: each ends in the right `LoadError.Kind`, never in a spinner.
final class BadInputTests: GtkTestCase {
  /// Servers and addresses the table needs, made once per test.
  @MainActor
  private final class Fixture {
    let http: TestServer
    let selfSigned: TestServer
    let expired: TestServer
    let closed: URL

    init() throws {
      http = try TestServer()
      selfSigned = try TestServer(certificate: TestCertificates.selfSigned)
      expired = try TestServer(certificate: TestCertificates.expired)
      closed = try closedPortURL()
      for server in [selfSigned, expired] { server.route("/", .page("<title>Secret</title>")) }
      http.route("/hang", .hang)
      http.route("/gone", .page("gone", status: 410))
      http.route("/forbidden", .page("no", status: 403))
      http.route("/boom", .page("boom", status: 500))
      http.route("/busy", .page("busy", status: 503))
      http.route("/loop", .redirect("/loop"))
      http.route("/ping", .redirect("/pong"))
      http.route("/pong", .redirect("/ping"))
      http.route(
        "/download",
        .bytes(
          Array("a,b\n1,2\n".utf8), contentType: "text/csv",
          headers: ["Content-Disposition": "attachment; filename=x.csv"]))
      http.route("/binary", .bytes([0, 1, 2, 3, 255], contentType: "application/octet-stream"))
    }

    /// (input, expected kind): at least 30.
    var table: [(String, LoadError.Kind)] {
      let port = closed.port ?? 0
      return [
        ("", .invalidURL),
        ("   ", .invalidURL),
        ("\n\t", .invalidURL),
        ("http://", .invalidURL),
        ("https:///path-only", .invalidURL),
        ("not a url", .invalidURL),
        ("http://exa mple.com/", .invalidURL),
        ("http://127.0.0.1:99999/", .invalidURL),
        ("https://256.256.256.256/", .invalidURL),
        ("javascript:alert(1)", .unsupportedScheme),
        ("JavaScript:void(0)", .unsupportedScheme),
        ("data:text/html,<title>x</title>", .unsupportedScheme),
        ("ftp://127.0.0.1/file.txt", .unsupportedScheme),
        ("gopher://127.0.0.1/", .unsupportedScheme),
        ("chrome://settings", .unsupportedScheme),
        ("view-source:http://127.0.0.1/", .unsupportedScheme),
        ("http://no-such-host.invalid/", .hostNotFound),
        ("https://nothing-here.invalid/help", .hostNotFound),
        ("http://127.0.0.1:\(port)/", .cannotConnect),
        ("https://127.0.0.1:\(port)/secure", .cannotConnect),
        ("127.0.0.1:\(port)", .cannotConnect),
        ("http://127.0.0.1:1/", .blockedPort),
        ("http://127.0.0.1:9/", .blockedPort),
        ("http://127.0.0.1:25/", .blockedPort),
        ("https://example.com:6667/", .blockedPort),
        (http.url("/hang").absoluteString, .timedOut),
        (http.url("/missing").absoluteString, .httpError),
        (http.url("/gone").absoluteString, .httpError),
        (http.url("/forbidden").absoluteString, .httpError),
        (http.url("/boom").absoluteString, .httpError),
        (http.url("/busy").absoluteString, .httpError),
        (http.url("/loop").absoluteString, .tooManyRedirects),
        (http.url("/ping").absoluteString, .tooManyRedirects),
        (selfSigned.url("/").absoluteString, .tlsFailure),
        (expired.url("/").absoluteString, .tlsFailure),
        (http.url("/download").absoluteString, .cannotShowContent),
        (http.url("/binary").absoluteString, .cannotShowContent),
        ("help-viewer://notebook/help/no-such-page.html", .pageNotFound),
        ("help-viewer://no-such-folder/index.html", .pageNotFound),
        ("help-viewer://bundle/help/index.html", .pageNotFound),  // the library registers no folder of its own
        ("file:///nonexistent/help.html", .pageNotFound),
        ("/nonexistent/help.html", .pageNotFound),
      ]
    }

    func stop() {
      for server in [http, selfSigned, expired] { server.stop() }
    }
  }

  func testEveryBadInputEndsInTheRightErrorInTheWidget() throws {
    try onMain {
      let fixture = try Fixture()
      defer { fixture.stop() }
      XCTAssertGreaterThanOrEqual(fixture.table.count, 30)
      _ = try notebookPage("")  // help-viewer://notebook/… is a registered folder, as in the demo
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      let recorder = StateRecorder(viewer)
      for (input, kind) in fixture.table {
        // A short timeout only where the timeout is the point: anywhere else it would turn a
        // slow answer (a slow resolver on a loaded machine) into `timedOut`.
        viewer.timeout = Self.loadTimeout(for: kind)
        let mark = recorder.mark
        viewer.load(address: input)
        waitUntil("“\(input)” settled", timeout: Self.loadTimeout(for: kind) + 30) { !viewer.state.isLoading }
        XCTAssertTrue(
          [["loading", "failed"], ["failed"]].contains(recorder.phases(since: mark)),
          "“\(input)”: \(recorder.phases(since: mark))")
        XCTAssertEqual(viewer.state.error?.kind, kind, "“\(input)”: \(viewer.state.phase)")
        if viewer.state.error != nil {
          XCTAssertEqual(viewer.stack.visibleChildName, "error")
          XCTAssertEqual(gtk_widget_get_visible(gcast(viewer.spinner)), 0)
        }
        // Let the failed load's late events pass before the next input.
        waitUntil("WebKit let go of “\(input)”") { webkit_web_view_is_loading(viewer.webView) == 0 }
      }
    }
  }

  func testTheDemoReportsTheSameKinds() throws {
    try onMain {
      let fixture = try Fixture()
      defer { fixture.stop() }
      for (input, kind) in fixture.table {
        // As in the widget: only the timeout's own row has a short one. That every other row
        // ends in its own kind, not `timedOut`, shows that it failed without waiting for it.
        let loadTimeout = Int(Self.loadTimeout(for: kind))
        let arguments = [
          "--open", input, "--report", "--load-timeout", "\(loadTimeout)", "--timeout", "\(loadTimeout + 30)",
        ]
        let result = try runProgram(demoBinary, arguments, timeout: Double(loadTimeout + 60))
        XCTAssertEqual(result.status, 0, "“\(input)”")
        let line = result.output.split(separator: "\n").last.map(String.init) ?? ""
        let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        XCTAssertEqual(json?["phase"] as? String, "failed", "“\(input)”: \(line)")
        XCTAssertEqual((json?["error"] as? [String: Any])?["kind"] as? String, kind.rawValue, "“\(input)”: \(line)")
      }
    }
  }

  /// The viewer's load timeout for a row expecting `kind`: 1 s for the row that must time out,
  /// far longer than any answer takes for the others.
  private static func loadTimeout(for kind: LoadError.Kind) -> Double {
    kind == .timedOut ? 1 : 90
  }
}

/// The demo binary, built beside this test binary.
let demoBinary: String = {
  let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("help-viewer-demo").path
}()
