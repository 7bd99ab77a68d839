import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Configuration, odd content, crashed web processes and the offline copy, on the real widget.
final class ViewerBehaviourTests: GtkTestCase {
  func testWebProcessTerminationShowsTheErrorAndReloadRecovers() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Alive</title>"))
      let viewer = LoadingWebView(url: server.url("/"))
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      waitUntil("loaded") { viewer.state.title == "Alive" }
      webkit_web_view_terminate_web_process(viewer.webView)
      waitUntil("the termination showed") { viewer.state.error != nil }
      XCTAssertEqual(viewer.state.error?.kind, .webProcessTerminated)
      assertShowsErrorView(viewer, title: "The Page Stopped Working")
      gtk_widget_activate(gcast(viewer.errorView.retryButton))
      waitUntil("reloaded in a new web process") { viewer.state.phase == .loaded && server.hits["/"] == 2 }
    }
  }

  func testOfflineCopyIsShownWithANoteAndRetryReachesTheRealPage() throws {
    try onMain {
      let server = try TestServer()
      server.route("/terms", .page("down", status: 503))
      var configuration = ViewerConfiguration()
      configuration.offlineFallback = try notebookPage("terms/terms.html")
      let viewer = LoadingWebView(url: server.url("/terms"), configuration: configuration)
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      waitUntil("the offline copy loaded") { viewer.state.phase == .loaded && viewer.state.title != nil }
      XCTAssertTrue(viewer.state.isOfflineCopy)
      XCTAssertEqual(viewer.state.offlineReason?.httpStatus, 503)
      XCTAssertEqual(viewer.state.title, "Notebook Terms of Service")
      XCTAssertEqual(gtk_widget_get_visible(viewer.offlineBanner.root.widget), 1)
      XCTAssertTrue(viewer.offlineBanner.text.contains("offline copy"))
      XCTAssertEqual(viewer.state.requestedURL, server.url("/terms").absoluteString, "Retry tries the real page")
      server.route("/terms", .page("<title>Live Terms</title>"))
      gtk_widget_activate(gcast(viewer.offlineBanner.retryButton))
      waitUntil("the real page loaded") { viewer.state.title == "Live Terms" && viewer.state.phase == .loaded }
      XCTAssertFalse(viewer.state.isOfflineCopy)
      XCTAssertEqual(gtk_widget_get_visible(viewer.offlineBanner.root.widget), 0)
    }
  }

  func testOfflineCopyAfterRefusedConnection() throws {
    try onMain {
      var configuration = ViewerConfiguration()
      configuration.offlineFallback = try notebookPage("terms/terms.html")
      let viewer = LoadingWebView(url: try closedPortURL(), configuration: configuration)
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      waitUntil("the offline copy loaded") { viewer.state.phase == .loaded && viewer.state.isOfflineCopy }
      XCTAssertEqual(viewer.state.offlineReason?.kind, .cannotConnect)
    }
  }

  func testServerErrorPagesCanBeShownAsTheServerMadeThem() throws {
    try onMain {
      let server = try TestServer()
      server.route("/gone", .page("<title>Our own 404</title>", status: 404))
      var configuration = ViewerConfiguration()
      configuration.httpErrors = .serverPage
      let viewer = LoadingWebView(url: server.url("/gone"), configuration: configuration)
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      waitUntil("the server's page loaded") { viewer.state.phase == .loaded && viewer.state.title != nil }
      XCTAssertEqual(viewer.state.title, "Our own 404")
      XCTAssertEqual(viewer.state.httpStatus, 404)
    }
  }

  func testJavaScriptSwitchDeveloperToolsAndUserAgent() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Static</title><script>document.title = 'Scripted'</script>"))
      var configuration = ViewerConfiguration()
      configuration.applicationName = "Notebook/1.2"
      let scripted = LoadingWebView(url: server.url("/"), configuration: configuration)
      configuration.javaScriptEnabled = false
      let plain = LoadingWebView(url: server.url("/"), configuration: configuration)
      let windows = [showInWindow(scripted.gtkWidget), showInWindow(plain.gtkWidget)]
      defer { for window in windows { gtk_window_destroy(window) } }
      waitUntil("both loaded") {
        scripted.state.title == "Scripted" && plain.state.phase == .loaded && plain.state.title != nil
      }
      XCTAssertEqual(plain.state.title, "Static", "no script ran")
      XCTAssertTrue(server.lastUserAgent?.hasSuffix("Notebook/1.2") == true, server.lastUserAgent ?? "no user agent")
      XCTAssertEqual(webkit_settings_get_enable_developer_extras(webkit_web_view_get_settings(plain.webView)), 0)
    }
  }

  func testEmptyHugeAndOddlyEncodedPagesLoad() throws {
    try onMain {
      let server = try TestServer()
      server.route("/empty", .bytes([], contentType: "text/html"))
      let paragraph = Array("<p>All work and no play makes a long help page. ".utf8)
      server.route(
        "/huge",
        .bytes(Array("<title>Huge</title>".utf8) + (0..<100_000).flatMap { _ in paragraph }, contentType: "text/html"))
      server.route(
        "/latin1",
        .bytes(Array("<title>Caf".utf8) + [0xE9] + Array("</title>".utf8), contentType: "text/html; charset=iso-8859-1")
      )
      server.route(
        "/broken",
        .bytes(
          Array("<title>Bad ".utf8) + [0xFF, 0xFE, 0xC3] + Array("</title>".utf8),
          contentType: "text/html; charset=utf-8"))
      // Laying out /huge (5 MB) keeps the web process from answering for about 5 s on an idle
      // 2-core machine, longer under load: this test is about loading it, so the viewer waits
      // for the page as long as for the load (FrozenPageTests covers pages that never answer).
      var configuration = ViewerConfiguration()
      configuration.unresponsiveTimeout = 120
      let viewer = LoadingWebView(configuration: configuration)
      viewer.timeout = 120  // Far beyond any of these loads: a slow machine must not turn one into timedOut.
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      let cases: [(String, (String?) -> Bool)] = [
        ("/empty", { $0 == nil }), ("/huge", { $0 == "Huge" }), ("/latin1", { $0 == "Café" }),
        ("/broken", { $0?.hasPrefix("Bad ") == true }),
      ]
      for (path, titleIsRight) in cases {
        viewer.load(server.url(path))
        waitUntil("\(path) loaded", timeout: 150) {
          viewer.state.phase == .loaded && (path == "/empty" || viewer.state.title != nil)
        }
        XCTAssertTrue(titleIsRight(viewer.state.title), "\(path): \(viewer.state.title ?? "nil")")
      }
    }
  }

  func testBundledPagesAreServedWithTheirTypes() throws {
    try onMain {
      let viewer = LoadingWebView(url: try notebookPage("help/style.css"))
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      waitUntil("the stylesheet loaded") { viewer.state.phase == .loaded }
      let response = webkit_web_resource_get_response(webkit_web_view_get_main_resource(viewer.webView))
      XCTAssertEqual(webkit_uri_response_get_mime_type(response).map { String(cString: $0) }, "text/css")
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hv-docs-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data("<title>Host docs</title>".utf8).write(to: folder.appendingPathComponent("index.html"))
      BundledScheme.register(folder: folder, as: "hostdocs")
      viewer.load(BundledScheme.url("", in: "hostdocs"))
      waitUntil("the host's folder is served") { viewer.state.title == "Host docs" }
      viewer.load(address: "help-viewer://hostdocs/%2e%2e/%2e%2e/etc/passwd")
      waitUntil("traversal failed") { viewer.state.error != nil }
      XCTAssertEqual(
        viewer.state.error?.kind, .pageNotFound, "WebKit collapses the dots; the file is looked for inside")
      // A named pipe where a page should be: refused at once, not read (which would block the
      // main thread until something writes to the pipe).
      XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.html").path, 0o644), 0)
      viewer.load(BundledScheme.url("pipe.html", in: "hostdocs"))
      waitUntil("the pipe was refused") { viewer.state.error != nil }
      XCTAssertEqual(viewer.state.error?.kind, .cannotShowContent, String(describing: viewer.state.error))
    }
  }
}
