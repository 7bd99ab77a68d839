import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Odd addresses get their true reason, not "“http:” addresses cannot be opened here"; a meta
/// refresh or a script's `location.href` to another host obeys the host policy like a click,
/// while server redirects and iframes keep working (issue 12.3).
final class AddressAndRefreshTests: GtkTestCase {
  static let oddAddresses = [
    "http://127.0.0.1:99999/", "https://256.256.256.256/", "127.0.0.1:99999", "http://1.2.3.4.5/",
  ]

  override func setUp() {
    super.setUp()
    MainActor.assumeIsolated { Localization.setLanguages([]) }
  }

  override func tearDown() {
    MainActor.assumeIsolated { Localization.setLanguages(nil) }
    super.tearDown()
  }

  func testOddAddressesAreInvalidThroughTheViewer() throws {
    try onMain {
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      for address in Self.oddAddresses {
        viewer.load(address: address)
        XCTAssertEqual(viewer.state.error?.kind, .invalidURL, "\(address): \(viewer.state.phase)")
        assertShowsErrorView(viewer, title: "Invalid Address")
        XCTAssertFalse(viewer.errorView.shownText.message.contains("cannot be opened here"), address)
      }
      // The same addresses handed to WebKit directly (as a load that skipped URLInput would be):
      // WebKit's "cannot show this URI" is classified by the address, not as a scheme.
      for address in ["http://127.0.0.1:99999/", "https://256.256.256.256/"] {
        viewer.handle(.requested(url: address))
        webkit_web_view_load_uri(viewer.webView, address)
        waitUntil("WebKit refused \(address)") { !viewer.state.isLoading }
        XCTAssertEqual(viewer.state.error?.kind, .invalidURL, "\(address): \(viewer.state.phase)")
        XCTAssertFalse(viewer.errorView.shownText.message.contains("“http"), viewer.errorView.shownText.message)
        MainLoop.spin(until: { webkit_web_view_is_loading(viewer.webView) == 0 }, timeout: 5)
      }
    }
  }

  func testTheDemoReportsOddAddressesAsInvalid() throws {
    try onMain {
      var environment = ProcessInfo.processInfo.environment
      environment["LANGUAGE"] = "en"
      for address in Self.oddAddresses {
        let result = try runProgram(demoBinary, ["--open", address, "--report"], environment: environment)
        XCTAssertEqual(result.status, 0, address)
        let line = result.output.split(separator: "\n").last.map(String.init) ?? ""
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], address)
        let error = try XCTUnwrap(json["error"] as? [String: Any], "\(address): \(line)")
        XCTAssertEqual(error["kind"] as? String, "invalidURL", "\(address): \(line)")
        XCTAssertFalse((error["message"] as? String ?? "").contains("cannot be opened here"), line)
        XCTAssertFalse((error["details"] as? String ?? "").isEmpty, "the reason is in the details: \(line)")
      }
    }
  }

  func testAMetaRefreshToAnotherHostIsRefusedAndTheViewerStays() throws {
    try onMain {
      let run = try RefreshRun { port in "<meta http-equiv=refresh content='0;url=http://localhost:\(port)/elsewhere'>"
      }
      defer { run.close() }
      run.assertRefusedAndStayed()
    }
  }

  func testAScriptNavigationToAnotherHostIsRefusedAndTheViewerStays() throws {
    try onMain {
      let run = try RefreshRun { port in
        "<script>setTimeout(function(){ location.href = 'http://localhost:\(port)/elsewhere' }, 50)</script>"
      }
      defer { run.close() }
      run.assertRefusedAndStayed()
    }
  }

  func testRefreshesOnTheSameHostRedirectsAndIframesStillWork() throws {
    try onMain {
      // A meta refresh to the page's own host navigates in the viewer.
      let same = try RefreshRun { _ in "<meta http-equiv=refresh content='0;url=/two'>" }
      waitUntil("the refresh went on to page two") {
        same.viewer.state.phase == .loaded && same.viewer.state.title == "Two"
      }
      XCTAssertEqual(same.opened, [])
      same.close()

      // An HTTP redirect of the main resource to another host is followed.
      let redirect = try RefreshRun(start: false) { _ in "" }
      defer { redirect.close() }
      redirect.server.route("/moved", .redirect("http://localhost:\(redirect.server.port)/two"))
      redirect.viewer.load(redirect.server.url("/moved"))
      waitUntil("the redirect was followed") {
        redirect.viewer.state.phase == .loaded && redirect.viewer.state.title == "Two"
      }
      XCTAssertEqual(redirect.viewer.state.url, "http://localhost:\(redirect.server.port)/two")
      XCTAssertEqual(redirect.opened, [])

      // An iframe of another host loads inside the page; nothing opens outside.
      redirect.server.route(
        "/framed", .page("<title>Framed</title><iframe src='http://localhost:\(redirect.server.port)/frame'></iframe>"))
      redirect.server.route("/frame", .page("<title>Frame</title>"))
      redirect.viewer.load(redirect.server.url("/framed"))
      // The main frame's FINISHED waits for its iframes.
      waitUntil("the framed page loaded") {
        redirect.viewer.state.phase == .loaded && redirect.viewer.state.title == "Framed"
      }
      XCTAssertEqual(redirect.server.hits["/frame"], 1)
      XCTAssertEqual(redirect.opened, [])
    }
  }
}

/// A viewer on 127.0.0.1 whose first page `/start` holds `head(port)`; `localhost` on the same
/// port is "another host" to the policy.
@MainActor
private final class RefreshRun {
  let server: TestServer
  let viewer: LoadingWebView
  let window: UnsafeMutablePointer<GtkWindow>
  private(set) var opened: [String] = []
  private(set) var states: [LoadState] = []

  init(start: Bool = true, head: (Int) -> String) throws {
    LogWatch.start()
    server = try TestServer()
    server.route("/start", .page("<title>Start</title>\(head(server.port))<p>start"))
    server.route("/two", .page("<title>Two</title>"))
    server.route("/elsewhere", .page("<title>Elsewhere</title>"))
    viewer = LoadingWebView()
    window = showInWindow(viewer.gtkWidget)
    viewer.openExternally = { [weak self] in self?.opened.append($0) }
    viewer.onStateChange = { [weak self] in self?.states.append($0) }
    if start { viewer.load(server.url("/start")) }
  }

  /// Nobody clicked: the other host's page neither opens outside nor shows; the refusal is
  /// logged.
  func assertRefusedAndStayed(file: StaticString = #filePath, line: UInt = #line) {
    let elsewhere = "http://localhost:\(server.port)/elsewhere"
    waitUntil("the navigation was refused", file: file, line: line) {
      LogWatch.helpViewerMessages.contains { $0.hasPrefix("Refused to open \(elsewhere) outside the app") }
    }
    XCTAssertEqual(opened, [], "no browser opens without a person's click", file: file, line: line)
    waitUntil("WebKit is done with it", file: file, line: line) {
      webkit_web_view_is_loading(viewer.webView) == 0 && viewer.state.phase == .loaded
    }
    XCTAssertEqual(viewer.state.title, "Start", file: file, line: line)
    XCTAssertEqual(viewer.state.url, server.url("/start").absoluteString, file: file, line: line)
    XCTAssertEqual(
      viewer.page.uri ?? "", server.url("/start").absoluteString, file: file, line: line)
    XCTAssertFalse(
      states.contains { $0.title == "Elsewhere" || ($0.hasContent && $0.url?.contains("localhost") == true) },
      "the other host's page never showed: \(states.map { "\($0.phase.name) \($0.url ?? "")" })", file: file, line: line
    )
    XCTAssertEqual(states.last?.phase, .loaded, file: file, line: line)
  }

  func close() {
    gtk_window_destroy(window)
    server.stop()
  }
}
