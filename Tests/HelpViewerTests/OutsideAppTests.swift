import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Outside apps (mail, phone, the browser) open only for a navigation a person started, once per
/// click; a script, a meta refresh, a timer or an iframe that asks is refused, and logged once
/// per page.
final class OutsideAppTests: GtkTestCase {
  func testATimerAskingForMailOverAndOverOpensNothingAndIsLoggedOnce() throws {
    try onMain {
      let run = try OutsideRun(
        page: "<script>window.asked = 0; setInterval(() => { asked++; location = 'mailto:x@example.com' }, 50)</script>"
      )
      defer { run.close() }
      waitUntil("the page asked ten times") { (Int(run.ask("String(asked)") ?? "") ?? 0) >= 10 }
      XCTAssertEqual(run.opened, [])
      XCTAssertEqual(run.refusals("mailto:x@example.com"), 1, "logged once per page: \(LogWatch.helpViewerMessages)")
      XCTAssertEqual(run.viewer.state.title, "Start")
    }
  }

  func testAMetaRefreshToMailOpensNothing() throws {
    try onMain {
      let run = try OutsideRun(page: "<meta http-equiv=refresh content='0;url=mailto:x@example.com'>")
      defer { run.close() }
      waitUntil("the refresh was refused") { run.refusals("mailto:x@example.com") == 1 }
      XCTAssertEqual(run.opened, [])
    }
  }

  func testAnIframeAskingForAPhoneCallOpensNothing() throws {
    try onMain {
      let run = try OutsideRun(
        page: "<iframe src='/frame'></iframe>",
        routes: ["/frame": .page("<script>location = 'tel:+15551234'</script>")])
      defer { run.close() }
      waitUntil("the iframe's navigation was refused") { run.refusals("tel:+15551234") == 1 }
      XCTAssertEqual(run.opened, [])
    }
  }

  func testAScriptClickingAMailLinkOpensNothing() throws {
    try onMain {
      let run = try OutsideRun(
        page: "<a id=m href='mailto:x@example.com'>mail</a><script>onload = () => m.click()</script>")
      defer { run.close() }
      waitUntil("the scripted click was refused") { run.refusals("mailto:x@example.com") == 1 }
      XCTAssertEqual(run.opened, [])
    }
  }

  func testAScriptOpeningAWindowOpensNoBrowser() throws {
    try onMain {
      let run = try OutsideRun(
        page: "<script>onload = () => { window.result = String(window.open('https://example.org/popup')) }</script>")
      defer { run.close() }
      // WebKit blocks a pop-up no gesture asked for (returns null) before `create`; were it let
      // through, the viewer refuses it: either way, nothing opens.
      waitUntil("the page's window.open returned") { run.ask("String(window.result)") != "undefined" }
      XCTAssertEqual(run.opened, [])
    }
  }

  func testOneClickOpensOneAppHoweverManyTheClickAsksFor() throws {
    try onMain {
      let run = try OutsideRun(
        page: """
          <style>a{position:fixed;inset:0;display:block}</style>
          <a href='mailto:x@example.com' onclick="window.open('mailto:y@example.com'); window.open('tel:+1555')">mail</a>
          """)
      defer { run.close() }
      try click(in: run.window, x: 200, y: 200)
      waitUntil("the click opened mail") { run.opened.count == 1 }
      // The page saw the click and WebKit asked about all it started before this answer.
      XCTAssertEqual(run.ask("'answered'"), "answered")
      XCTAssertEqual(run.opened.count, 1, "one click, one app: \(run.opened)")
      try click(in: run.window, x: 200, y: 200)
      waitUntil("a second click opens one more") { run.opened.count == 2 }
      XCTAssertEqual(run.ask("'answered'"), "answered")
      XCTAssertEqual(run.opened.count, 2, "\(run.opened)")
    }
  }
}

/// A viewer showing the test server's `/start`, recording what it would open outside.
@MainActor
private final class OutsideRun {
  let server: TestServer
  let viewer: LoadingWebView
  let window: UnsafeMutablePointer<GtkWindow>
  private(set) var opened: [String] = []

  init(page: String, routes: [String: TestServer.Response] = [:]) throws {
    LogWatch.start()
    server = try TestServer()
    for (path, response) in routes { server.route(path, response) }
    server.route("/start", .page("<title>Start</title>\(page)"))
    viewer = LoadingWebView()
    window = showInWindow(viewer.gtkWidget, title: "Outside \(UUID().uuidString.prefix(8))")
    viewer.openExternally = { [weak self] in self?.opened.append($0) }
    viewer.load(server.url("/start"))
    waitUntil("the page loaded") { viewer.state.title == "Start" }
  }

  /// The page's answer to `script`.
  func ask(_ script: String) -> String? { evaluate(script, in: viewer.webView) }

  /// How often the viewer logged refusing to open `address` outside.
  func refusals(_ address: String) -> Int {
    LogWatch.helpViewerMessages.filter { $0.hasPrefix("Refused to open \(address) outside the app") }.count
  }

  func close() {
    gtk_window_destroy(window)
    server.stop()
  }
}
