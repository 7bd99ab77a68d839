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
}
