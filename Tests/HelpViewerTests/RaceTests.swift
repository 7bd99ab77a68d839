import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// A load asked for while the one before it is about to end: the earlier load's late events
/// (WebKit reports them with the new request's address) never end the new load, and the
/// viewer never says "loaded" while the earlier page shows.
final class RaceTests: GtkTestCase {
  func testALoadAskedForAtTheCommitOfTheOneBeforeStaysLoadingUntilItsOwnPageLoads() throws {
    try onMain {
      let server = try TestServer()
      server.route("/x", .page("<title>X</title><p>x"))
      server.route("/y", .held("<title>Y</title><p>y"))
      defer { server.stop() }
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      let recorder = StateRecorder(viewer)
      let signals = SignalBag()
      defer { signals.disconnectAll() }
      var asked = false
      var finishesAfterAsking = 0
      // Connected after the viewer's own handler: the viewer has seen X's COMMITTED.
      signals += viewer.webView.connectLoadChanged { event in
        if event == WEBKIT_LOAD_FINISHED, asked { finishesAfterAsking += 1 }
        if event == WEBKIT_LOAD_COMMITTED, !asked {
          asked = true
          viewer.load(server.url("/y"))
        }
      }
      viewer.load(server.url("/x"))
      // X ends with a FINISHED of its own either way: finished in the web process before the
      // request for Y reached it (then its FINISHED comes after the request), or cancelled.
      waitUntil("X's load ended and Y's request reached the server") {
        finishesAfterAsking >= 1 && server.hits["/y"] == 1
      }
      XCTAssertEqual(viewer.state.phase, .loading, "Y is held back by the server: still loading")
      XCTAssertEqual(viewer.state.url, server.url("/y").absoluteString)
      XCTAssertFalse(viewer.state.hasContent, "X's page is not Y's")
      XCTAssertEqual(server.release("/y"), 1)
      waitUntil("Y loaded") { viewer.state.phase == .loaded && viewer.state.title == "Y" }
      XCTAssertEqual(recorder.phases(since: 1), ["loading", "loaded"], "never loaded before Y's page showed")
      XCTAssertEqual(evaluate("document.title", in: viewer.webView), "Y")
    }
  }

  /// An old page calling `window.stop()` on a timer makes WebKit drop the next load, often
  /// before it reports anything. The viewer asks again or fails with an error of its own; it
  /// never waits for its timeout (whose message blames the server).
  func testALoadWebKitDropsForAnOldPagesWindowStopStartsAgainOrFailsWithItsOwnError() throws {
    try onMain {
      let server = try TestServer()
      server.route("/p", .page("<title>P</title><script>setInterval(() => window.stop(), 5)</script>"))
      server.route("/q", .page("<title>Q</title>"))
      defer { server.stop() }
      for round in 1...3 {
        let viewer = LoadingWebView()
        viewer.timeout = 25
        let window = showInWindow(viewer.gtkWidget)
        defer { gtk_window_destroy(window) }
        viewer.load(server.url("/p"))
        waitUntil("round \(round): P loaded") { viewer.state.phase == .loaded && viewer.state.title == "P" }
        let recorder = StateRecorder(viewer)
        viewer.load(server.url("/q"))
        // WebKit may give the title just after the load.
        waitUntil("round \(round): Q's load ended", timeout: 20) {
          viewer.state.error != nil || (viewer.state.phase == .loaded && viewer.state.title == "Q")
        }
        let outcome = viewer.state.error.map { "\($0.kind)" } ?? viewer.state.title ?? ""
        XCTAssertTrue(["Q", "other"].contains(outcome), "round \(round): \(outcome) \(recorder.phases)")
        XCTAssertEqual(viewer.state.requestedURL, server.url("/q").absoluteString, "round \(round)")
      }
    }
  }

  /// A page with an untrusted certificate replaced at once by a plain one: the TLS failure, if
  /// WebKit still reports it, is the replaced load's.
  func testALateTLSFailureOfAReplacedLoadDoesNotFailTheNewOne() throws {
    try onMain {
      let secure = try TestServer(certificate: TestCertificates.selfSigned)
      secure.route("/", .page("<title>Secure</title>"))
      let plain = try TestServer()
      plain.route("/fast", .page("<title>Fast</title>"))
      plain.route("/other", .page("<title>Other</title>"))
      defer {
        secure.stop()
        plain.stop()
      }
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      // What WebKit said, for a timeout's message: round 1 stayed loading twice (a ten-run and
      // a ThreadSanitizer pass) with WebKit loading nothing and no request at either server.
      let started = ContinuousClock.now
      var events: [String] = []
      let webView = viewer.webView
      func note(_ what: String) {
        let uri = webkit_web_view_get_uri(webView).map { String(cString: $0) } ?? "none"
        events.append("\(ContinuousClock.now - started) \(what) [uri \(uri)]")
      }
      let signals = SignalBag()
      defer { signals.disconnectAll() }
      signals += viewer.webView.connectLoadChanged { event in note("load-changed \(event.rawValue)") }
      signals += viewer.webView.connectLoadFailed { failure in
        note("load-failed \(failure.uri): \(failure.error)")
        return false
      }
      signals += viewer.webView.connectWebProcessTerminated { reason in
        note("web-process-terminated \(reason.rawValue)")
      }
      // Round 1's third sighting (a ten-run): STARTED with an empty address at 0.5 s, then
      // nothing. Whether WebKit stopped loading, and when its address changed, tell more.
      signals += connectNotify(UnsafeMutableRawPointer(webView), property: "is-loading") {
        note("is-loading \(webkit_web_view_is_loading(webView))")
      }
      signals += connectNotify(UnsafeMutableRawPointer(webView), property: "uri") { note("uri changed") }
      for round in 1...10 {
        let recorder = StateRecorder(viewer)
        note("round \(round)")
        viewer.load(secure.url("/"))
        let number = viewer.load(plain.url("/fast"))
        // On a timeout, say where the load stood: the viewer's state and phases, WebKit's own
        // view of it, and which requests reached the servers (a round-1 timeout seen once).
        let fastLoaded = MainLoop.spin(
          until: {
            viewer.state.phase == .loaded && viewer.state.title == "Fast"
          }, timeout: 15)
        if !fastLoaded {
          let webKitURI = webkit_web_view_get_uri(viewer.webView).map { String(cString: $0) } ?? "none"
          let webKitTitle = webkit_web_view_get_title(viewer.webView).map { String(cString: $0) } ?? "none"
          XCTFail(
            """
            round \(round): the fast page did not load within 15 s; state \(viewer.state); \
            phases \(recorder.phases); WebKit uri \(webKitURI), title \(webKitTitle), \
            loading \(webkit_web_view_is_loading(viewer.webView) != 0), \
            progress \(webkit_web_view_get_estimated_load_progress(viewer.webView)); \
            hits plain \(plain.hits), secure \(secure.hits); events:
            \(events.joined(separator: "\n"))
            """)
          return
        }
        XCTAssertFalse(recorder.phases.contains("failed"), "round \(round): \(recorder.phases)")
        XCTAssertEqual(viewer.state.requestedURL, plain.url("/fast").absoluteString, "Retry loads the newer page")
        XCTAssertEqual(viewer.state.loadNumber, number, "round \(round): the state is the fast load's")
        viewer.load(plain.url("/other"))  // The next round starts from another page.
        waitUntil("round \(round): reset") { viewer.state.phase == .loaded && viewer.state.title == "Other" }
      }
    }
  }

  /// Three loads in a row, each replaced by the next before its server answered: the last one
  /// ends loaded, and the others' late answers change nothing.
  func testThreeLoadsInARowEachReplacedEndInTheLast() throws {
    try onMain {
      let server = try TestServer()
      server.route("/a", .held("<title>A</title>"))
      server.route("/b", .held("<title>B</title>"))
      server.route("/c", .page("<title>C</title>"))
      defer { server.stop() }
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      let recorder = StateRecorder(viewer)
      viewer.load(server.url("/a"))
      waitUntil("A's request reached the server") { server.hits["/a"] == 1 }
      viewer.load(server.url("/b"))
      waitUntil("B's request reached the server") { server.hits["/b"] == 1 }
      let last = viewer.load(server.url("/c"))
      waitUntil("C loaded") { viewer.state.phase == .loaded && viewer.state.title == "C" }
      server.releaseHeld()
      // The page answers after WebKit dealt with whatever the released answers caused.
      XCTAssertEqual(evaluate("document.title", in: viewer.webView), "C")
      XCTAssertEqual(viewer.state.phase, .loaded)
      XCTAssertEqual(viewer.state.loadNumber, last)
      XCTAssertEqual(recorder.phases, ["idle", "loading", "loaded"])
    }
  }
}
