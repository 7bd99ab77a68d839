import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Links clicked for real (a mouse click through the X server) go where the policy says.
final class NavigationPolicyTests: GtkTestCase {
  func testOutsideLinkOpensInTheBrowserAndTheViewerStays() throws {
    try onMain {
      let run = try PolicyRun(element: "<a href='https://example.org/elsewhere'>out</a>")
      defer { run.close() }
      waitUntil("the link went to the browser") { run.opened == ["https://example.org/elsewhere"] }
      run.assertStayed()
    }
  }

  func testInsideLinkNavigatesInTheViewer() throws {
    try onMain {
      let run = try PolicyRun(element: "<a href='/two'>two</a>")
      defer { run.close() }
      waitUntil("page two loaded") { run.viewer.state.title == "Two" }
      XCTAssertEqual(run.opened, [])
    }
  }

  func testTargetBlankOpensInTheBrowser() throws {
    try onMain {
      let run = try PolicyRun(element: "<a target=_blank href='/two'>two</a>")
      defer { run.close() }
      waitUntil("the new window went to the browser") { run.opened == [run.server.url("/two").absoluteString] }
      run.assertStayed()
    }
  }

  func testWindowOpenOpensInTheBrowser() throws {
    try onMain {
      let run = try PolicyRun(element: "<button onclick=\"window.open('https://example.org/popup')\">open</button>")
      defer { run.close() }
      waitUntil("window.open went to the browser") { run.opened == ["https://example.org/popup"] }
      run.assertStayed()
    }
  }

  func testMailtoGoesToItsHandler() throws {
    try onMain {
      let run = try PolicyRun(element: "<a href='mailto:help@example.com'>mail</a>")
      defer { run.close() }
      waitUntil("mailto went to its handler") { run.opened == ["mailto:help@example.com"] }
      run.assertStayed()
    }
  }

  func testDataLinkIsRefused() throws {
    try onMain {
      let run = try PolicyRun(element: "<a href='data:text/html,<title>Data</title>'>data</a>")
      defer { run.close() }
      run.assertStayed()
      XCTAssertEqual(run.opened, [])
    }
  }

  func testTheHostsOwnLoadIsNotSecondGuessedWhenWebKitRewritesItsAddress() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/start", .page("<title>Start</title>"))
      var configuration = ViewerConfiguration()
      configuration.navigationPolicy = NavigationPolicy { _ in .refuse }  // Only the host's load may pass.
      let viewer = LoadingWebView(configuration: configuration)
      let window = showInWindow(viewer.gtkWidget, title: "Host load \(UUID().uuidString.prefix(8))")
      defer { gtk_window_destroy(window) }
      // WebKit asks about "http://127.0.0.1:…/start": the same address, written differently.
      let address = server.url("/start").absoluteString.replacingOccurrences(of: "http://", with: "HTTP://")
      viewer.load(address: address)
      waitUntil("the host's page loaded") { viewer.state.phase == .loaded && viewer.state.title == "Start" }
      XCTAssertEqual(server.hits["/start"], 1)
    }
  }

  func testHostPolicyClosureDecides() throws {
    try onMain {
      let run = try PolicyRun(
        element: "<a href='/two'>two</a>",
        policy: NavigationPolicy { request in
          request.url.hasSuffix("/two") ? .openExternally : .allow
        })
      defer { run.close() }
      waitUntil("the closure sent the link out") { run.opened == [run.server.url("/two").absoluteString] }
      run.assertStayed()
    }
  }
}

/// A viewer showing one page whose whole area is `element`, clicked once for real.
@MainActor
private final class PolicyRun {
  let server: TestServer
  let viewer: LoadingWebView
  let window: UnsafeMutablePointer<GtkWindow>
  private(set) var opened: [String] = []
  /// The viewer's states from just before the click.
  private(set) var recorder: StateRecorder?

  init(element: String, policy: NavigationPolicy = NavigationPolicy()) throws {
    server = try TestServer()
    server.route(
      "/start",
      .page(
        """
        <title>Start</title><style>a,button{position:fixed;inset:0;display:block;width:100%}</style>\(element)
        <script>addEventListener('click', () => { window.clicks = (window.clicks || 0) + 1 }, true)</script>
        """))
    server.route("/two", .page("<title>Two</title>"))
    var configuration = ViewerConfiguration()
    configuration.navigationPolicy = policy
    viewer = LoadingWebView(configuration: configuration)
    window = showInWindow(viewer.gtkWidget, title: "Policy \(UUID().uuidString.prefix(8))")
    viewer.openExternally = { [weak self] in self?.opened.append($0) }
    viewer.load(server.url("/start"))
    waitUntil("the page loaded") { viewer.state.phase == .loaded && viewer.state.title == "Start" }
    recorder = StateRecorder(viewer)
    try click(in: window, x: 320, y: 240)
  }

  /// The viewer is still on its first page, once the page saw the click: WebKit asks for a
  /// navigation the click starts before the page answers a script run after it, so nothing
  /// can come later and go unseen.
  func assertStayed(file: StaticString = #filePath, line: UInt = #line) {
    waitUntil("the page saw the click", file: file, line: line) {
      evaluate("String(window.clicks || 0)", in: viewer.webView, file: file, line: line) == "1"
    }
    waitUntil("WebKit is not loading", file: file, line: line) { webkit_web_view_is_loading(viewer.webView) == 0 }
    XCTAssertEqual(recorder?.phases, ["loaded"], "no load started", file: file, line: line)
    XCTAssertEqual(viewer.state.title, "Start", file: file, line: line)
    XCTAssertEqual(viewer.state.phase, .loaded, file: file, line: line)
    XCTAssertEqual(server.hits["/two"], nil, "nothing loaded in the viewer", file: file, line: line)
  }

  func close() {
    gtk_window_destroy(window)
    server.stop()
  }
}
