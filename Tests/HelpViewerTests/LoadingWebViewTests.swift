import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// The embeddable widget against a real WebKitGTK and a real HTTP server on 127.0.0.1.
final class LoadingWebViewTests: GtkTestCase {
  func testTheSpinnerShowsAtOnceAndSpinsOnlyWhileALoadTakesLonger() throws {
    try onMain {
      let server = try TestServer()
      server.route("/held", .held("<title>Held</title>"))
      defer { server.stop() }
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      let recorder = StateRecorder(viewer)
      viewer.load(server.url("/held"))
      XCTAssertEqual(gtk_widget_get_visible(gcast(viewer.spinner)), 1, "shown at once")
      XCTAssertEqual(viewer.spinner.isSpinning, false, "still at first: a quick load draws no animation")
      // The page is held back until released: the load takes longer than the spinner's delay.
      waitUntil("it spins once the load takes longer") { viewer.spinner.isSpinning }
      XCTAssertEqual(recorder.phases(since: 1), ["loading"])
      waitUntil("the request arrived") { server.hits["/held"] == 1 }
      XCTAssertEqual(server.release("/held"), 1)
      waitUntil("the page loaded") { viewer.state.phase == .loaded }
      XCTAssertEqual(recorder.phases(since: 1), ["loading", "loaded"])
      XCTAssertEqual(viewer.spinner.isSpinning, false)
      XCTAssertEqual(gtk_widget_get_visible(gcast(viewer.spinner)), 0)
    }
  }

  func testLoadSucceedsWithTitleAndProgressReachingOne() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Welcome</title><h1>Hello</h1>"))
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      var progress: [Double] = []
      viewer.onStateChange = { progress.append($0.progress) }
      viewer.load(server.url("/"))
      XCTAssertTrue(viewer.state.isLoading)
      XCTAssertEqual(gtk_widget_get_visible(gcast(viewer.spinner)), 1, "spinner while nothing is shown")
      waitUntil("the page loaded with its title") { viewer.state.phase == .loaded && viewer.state.title != nil }
      XCTAssertEqual(viewer.state.title, "Welcome")
      XCTAssertEqual(viewer.state.httpStatus, 200)
      XCTAssertEqual(viewer.state.progress, 1)
      XCTAssertEqual(progress.max(), 1)
      XCTAssertTrue(progress.contains { $0 > 0 && $0 < 1 }, "progress moved through the load: \(progress)")
      XCTAssertEqual(gtk_widget_get_visible(gcast(viewer.spinner)), 0)
      XCTAssertEqual(gtk_widget_get_visible(gcast(viewer.progressBar)), 0, "the progress bar hides when done")
      XCTAssertEqual(viewer.model.state, viewer.state, "the observable model follows")
      XCTAssertEqual(server.hits["/"], 1)
    }
  }

  func testNotFoundEndsInTheErrorViewNotASpinner() throws {
    try onMain {
      let server = try TestServer()
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      viewer.load(server.url("/missing"))
      waitUntil("the load failed") { viewer.state.error != nil }
      XCTAssertEqual(viewer.state.error?.kind, .httpError)
      XCTAssertEqual(viewer.state.error?.httpStatus, 404)
      assertShowsErrorView(viewer, title: "Page Not Found")
    }
  }

  func testServerErrorEndsInTheErrorView() throws {
    try onMain {
      let server = try TestServer()
      server.route("/boom", .page("<h1>oops</h1>", status: 500))
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      viewer.load(server.url("/boom"))
      waitUntil("the load failed") { viewer.state.error != nil }
      XCTAssertEqual(viewer.state.error?.httpStatus, 500)
      assertShowsErrorView(viewer, title: "Server Error")
    }
  }

  func testRefusedConnectionEndsInTheErrorView() throws {
    try onMain {
      let url = try closedPortURL()
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      viewer.load(url)
      waitUntil("the load failed") { viewer.state.error != nil }
      XCTAssertEqual(viewer.state.error?.kind, .cannotConnect)
      XCTAssertEqual(viewer.state.requestedURL, url.absoluteString)
      assertShowsErrorView(viewer, title: "Cannot Reach the Server")
    }
  }

  func testRetryRecoversOnceTheServerAnswers() throws {
    try onMain {
      let server = try TestServer()
      server.route("/flaky", .page("busy", status: 503))
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      viewer.load(server.url("/flaky"))
      waitUntil("the first load failed") { viewer.state.error != nil }
      server.route("/flaky", .page("<title>Back</title>ok"))
      gtk_widget_activate(gcast(viewer.errorView.retryButton))  // The real Retry button.
      waitUntil("the retry loaded the page") { viewer.state.phase == .loaded && viewer.state.title == "Back" }
      XCTAssertEqual(server.hits["/flaky"], 2)
      XCTAssertEqual(viewer.stack.visibleChildName, "page")
    }
  }

  func testSlowPageShowsSpinnerThenContent() throws {
    try onMain {
      let server = try TestServer()
      server.route("/held", .held("<title>Held</title>"))
      defer { server.stop() }
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      let recorder = StateRecorder(viewer)
      viewer.load(server.url("/held"))
      waitUntil("WebKit started the load") { server.hits["/held"] == 1 }
      // Nothing of the page can have arrived: it is held back until released.
      XCTAssertEqual(recorder.phases(since: 1), ["loading"])
      XCTAssertTrue(recorder.loadingSamples.allSatisfy(\.spinnerShown), "the spinner in every loading state")
      XCTAssertEqual(gtk_widget_get_visible(gcast(viewer.spinner)), 1)
      XCTAssertEqual(gtk_widget_get_visible(gcast(viewer.progressBar)), 1)
      server.release("/held")
      waitUntil("the page loaded") { viewer.state.phase == .loaded }
      XCTAssertEqual(recorder.phases(since: 1), ["loading", "loaded"])
      XCTAssertEqual(gtk_widget_get_visible(gcast(viewer.spinner)), 0)
    }
  }

  func testServerThatNeverAnswersTimesOut() throws {
    try onMain {
      let server = try TestServer()
      server.route("/hang", .hang)
      let viewer = LoadingWebView()
      viewer.timeout = 1
      let window = showInWindow(viewer.gtkWidget)
      defer {
        gtk_window_destroy(window)
        server.stop()
      }
      viewer.load(server.url("/hang"))
      waitUntil("the load timed out") { viewer.state.error != nil }
      XCTAssertEqual(viewer.state.error?.kind, .timedOut)
      assertShowsErrorView(viewer, title: "The Page Took Too Long")
    }
  }

  func testUnsupportedAddressFailsWithoutLoading() {
    onMain {
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      viewer.load(address: "javascript:alert(1)")  // WebKit would send no load event at all.
      XCTAssertEqual(viewer.state.error?.kind, .unsupportedScheme)
      assertShowsErrorView(viewer, title: "Cannot Open This Kind of Address")
    }
  }

  func testStopIsNotAnError() throws {
    try onMain {
      let server = try TestServer()
      server.route("/hang", .hang)
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer {
        gtk_window_destroy(window)
        server.stop()
      }
      let recorder = StateRecorder(viewer)
      viewer.load(server.url("/hang"))
      waitUntil("the request reached the server") { server.hits["/hang"] == 1 }
      viewer.stop()
      waitUntil("WebKit stopped") { webkit_web_view_is_loading(viewer.webView) == 0 }
      XCTAssertEqual(recorder.phases, ["idle", "loading", "idle"], "no error; WebKit's late events change nothing")
      XCTAssertEqual(gtk_widget_get_visible(gcast(viewer.spinner)), 0)
    }
  }

  func testLoadingAgainWhileALoadRunsNeverShowsIdleOrTheReplacedPage() throws {
    try onMain {
      let server = try TestServer()
      server.route("/held", .held("<title>Held</title>"))
      server.route("/other", .held("<title>Other</title>"))
      defer { server.stop() }
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      let recorder = StateRecorder(viewer)
      // The same address again while it loads (WebKit cancels the first load, then starts the
      // same address), then reload() while that loads. WebKit may send the replaced load's
      // STARTED and cancellation before or after the next request: any order must do.
      viewer.load(server.url("/held"))
      waitUntil("the first request arrived") { server.hits["/held"] == 1 }
      viewer.load(server.url("/held"))
      viewer.reload()
      server.release("/held")
      waitUntil("loaded") { viewer.state.phase == .loaded && viewer.state.title == "Held" }
      XCTAssertEqual(recorder.phases, ["idle", "loading", "loaded"])

      // Another address asked for at once after one, before WebKit started the first.
      let mark = recorder.mark
      viewer.load(server.url("/other"))
      let lastLoad = recorder.mark
      viewer.load(server.url("/held"))
      server.release("/other")
      waitUntil("loaded the last address") {
        viewer.state.phase == .loaded && viewer.state.url == server.url("/held").absoluteString
      }
      XCTAssertEqual(recorder.phases(since: mark), ["loading", "loaded"])
      XCTAssertTrue(
        recorder.samples[lastLoad...].allSatisfy { $0.state.requestedURL == server.url("/held").absoluteString },
        "the address to retry is the last one asked for: \(recorder.samples[lastLoad...].map(\.state.requestedURL))")
    }
  }

  /// Another `#fragment` of the page shown: WebKit scrolls there and sends no load event; the
  /// viewer stays loaded (before, it showed the spinner until its timeout).
  func testAnotherPlaceInThePageShownScrollsThereAndStaysLoaded() throws {
    try onMain {
      let server = try TestServer()
      server.route("/long", .page("<title>Long</title><p>top<p id=part style='margin-top:3000px'>part"))
      defer { server.stop() }
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      viewer.load(server.url("/long"))
      waitUntil("the page loaded") { viewer.state.phase == .loaded && viewer.state.title == "Long" }
      let recorder = StateRecorder(viewer)
      let part = server.url("/long").absoluteString + "#part"
      viewer.load(address: part)
      waitUntil("the page scrolled to the part") {
        evaluate("String(window.scrollY > 1000)", in: viewer.webView) == "true"
      }
      XCTAssertEqual(evaluate("location.hash", in: viewer.webView), "#part")
      XCTAssertEqual(recorder.phases, ["loaded"], "no load, no spinner")
      XCTAssertEqual(viewer.state.url, part)
      XCTAssertEqual(viewer.state.requestedURL, part)
      XCTAssertEqual(server.hits["/long"], 1, "the page was not loaded again")
    }
  }

  func testHistoryEnablesBackAndForward() throws {
    try onMain {
      let server = try TestServer()
      server.route("/one", .page("<title>One</title>"))
      server.route("/two", .page("<title>Two</title>"))
      let viewer = LoadingWebView(url: server.url("/one"))
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      waitUntil("page one loaded") { viewer.state.title == "One" }
      XCTAssertFalse(viewer.state.canGoBack)
      viewer.load(server.url("/two"))
      waitUntil("page two loaded") { viewer.state.title == "Two" && viewer.state.canGoBack }
      viewer.goBack()
      waitUntil("back on page one") { viewer.state.title == "One" && viewer.state.canGoForward }
      viewer.goForward()
      waitUntil("forward on page two") { viewer.state.title == "Two" && !viewer.state.canGoForward }
    }
  }
}

/// The error view is what shows: its title, a message, Retry, and no spinner.
@MainActor
func assertShowsErrorView(_ viewer: LoadingWebView, title: String, file: StaticString = #filePath, line: UInt = #line) {
  XCTAssertEqual(
    viewer.stack.visibleChildName, "error", file: file, line: line)
  XCTAssertEqual(viewer.errorView.shownText.title, title, file: file, line: line)
  XCTAssertFalse(viewer.errorView.shownText.message.isEmpty, file: file, line: line)
  XCTAssertEqual(gtk_widget_get_visible(gcast(viewer.spinner)), 0, "no endless spinner", file: file, line: line)
  XCTAssertEqual(gtk_widget_get_sensitive(gcast(viewer.errorView.retryButton)), 1, file: file, line: line)
}
