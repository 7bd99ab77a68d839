import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// A load WebKit cancels on its own, before it showed anything (no `stop`, no newer load): the
/// viewer asks for it again (`LoadRestarter`), and ends in that load's own result or in a
/// retryable error for its address, never in the page or error shown before it.
final class UnaskedCancellationTests: GtkTestCase {
  /// WebKitGTK 2.50 now and then ends a load of a page with an untrusted certificate, after
  /// another page, in a bare cancellation (measured with the old viewer and one core kept busy:
  /// 5 to 9 rounds in 40). The viewer then went back to the page before and said "loaded".
  func testAnUntrustedPageAfterAnotherEndsInItsOwnTLSFailureEveryTime() throws {
    try onMain {
      let http = try TestServer()
      http.route("/", .page("<title>Before</title><p>before"))
      let secure = try TestServer(certificate: TestCertificates.selfSigned)
      secure.route("/", .page("<title>Secret</title>"))
      defer {
        http.stop()
        secure.stop()
      }
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      let recorder = StateRecorder(viewer)
      let address = secure.url("/").absoluteString
      for round in 1...30 {
        viewer.load(http.url("/"))
        waitUntil("round \(round): the page before loaded") { viewer.state.phase == .loaded }
        waitUntil("round \(round): WebKit let go of it") { webkit_web_view_is_loading(viewer.webView) == 0 }
        let mark = recorder.mark
        viewer.load(secure.url("/"))
        waitUntil("round \(round): the untrusted page settled") { !viewer.state.isLoading }
        XCTAssertEqual(viewer.state.error?.kind, .tlsFailure, "round \(round): \(viewer.state.phase)")
        XCTAssertEqual(viewer.state.error?.url, address, "round \(round)")
        XCTAssertEqual(recorder.phases(since: mark), ["loading", "failed"], "round \(round)")
        waitUntil("round \(round): WebKit let go of it") { webkit_web_view_is_loading(viewer.webView) == 0 }
      }
    }
  }

  /// WebKit ignores the request every time (no STARTED): the restarter asks once per pause,
  /// each time after the pause, and after each waits for STARTED until its deadline; then it
  /// gives up.
  func testTheRestarterGivesUpWhenWebKitIgnoresEveryTry() throws {
    try onMain {
      let restarter = LoadRestarter(pauses: [0.01, 0.01, 0.01], startDeadline: 0.2)
      var asks = 0
      var gaveUp = 0
      restarter.restart(ask: { asks += 1 }, giveUp: { gaveUp += 1 })
      XCTAssertEqual(asks, 0, "not on this turn: WebKit ignores a request asked for at once")
      XCTAssertTrue(restarter.isPending)
      restarter.restart(ask: { asks += 100 }, giveUp: { gaveUp += 100 })  // pending: ignored
      waitUntil("given up", timeout: 30) { gaveUp > 0 }
      XCTAssertEqual(asks, 3)
      XCTAssertEqual(gaveUp, 1)
      XCTAssertFalse(restarter.isPending)
    }
  }

  /// WebKit starts the load asked again: nothing more is asked, and nobody gives up.
  func testTheRestarterStopsOnceWebKitStartsTheLoad() throws {
    try onMain {
      let restarter = LoadRestarter()
      var asks = 0
      var gaveUp = false
      restarter.restart(
        ask: {
          asks += 1
          restarter.noteStart()
        }, giveUp: { gaveUp = true })
      waitUntil("asked") { asks == 1 }
      XCTAssertFalse(restarter.isPending, "no deadline for STARTED left to ask again")
      XCTAssertEqual(asks, 1)
      XCTAssertFalse(gaveUp)
    }
  }
}
