import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// View reuse, prewarm and preload: a closed dialog's web process serves the next dialog, which
/// shows nothing of the previous one; a preloaded page is shown without a new load.
final class ViewReuseTests: GtkTestCase {
  override func setUp() {
    super.setUp()  // A reset engine: nothing kept, one spare at most.
    // The spare-view path; `DialogReuseTests` covers reused windows.
    MainActor.assumeIsolated { HelpViewerEngine.reusesDialogWindows = false }
  }

  func testTheNextDialogTakesTheClosedOnesProcessWithNoPageHistoryOrScripts() throws {
    try onMain {
      let server = try TestServer()
      server.route("/a", .page("<title>A</title><a id=next href='/b'>next</a>"))
      server.route("/b", .page("<title>B</title>"))
      server.route("/c", .page("<title>C</title><p>third"))
      defer { server.stop() }
      var processes = 0
      // The first dialog, in a scope of its own so that nothing here holds it after it closed.
      let firstWebView: GWeakObject = {
        let first = HelpDialog.present(server.url("/a"), title: "Help", showsNavigation: true)
        // What a previous dialog may leave in its view: a user script (as TermsDialog's watcher).
        let script = webkit_user_script_new(
          "document.title = 'Injected by the first dialog';", WEBKIT_USER_CONTENT_INJECT_TOP_FRAME,
          WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END, nil, nil)
        webkit_user_content_manager_add_script(first.viewer.userContentManager.opaque, script)
        webkit_user_script_unref(script)
        waitUntil("the first dialog loaded A") { first.viewer.state.phase == .loaded }
        first.viewer.load(server.url("/b"))
        // Loaded to the end: a dialog closed while loading gives no process to the pool.
        waitUntil("it went on to B, with history, and the script ran") {
          first.viewer.state.phase == .loaded && first.viewer.state.url?.hasSuffix("/b") == true
            && first.viewer.state.canGoBack && first.viewer.state.title == "Injected by the first dialog"
        }
        processes = WebProcesses.running().count
        let webView = GWeakObject(first.viewer.webView)
        first.close()
        return webView
      }()
      waitUntil("the closed dialog's process went to a spare view") { ViewPool.spares.count == 1 }
      waitUntil("the closed dialog's own web view was released") { !firstWebView.isAlive }
      let spare = try XCTUnwrap(ViewPool.spares.first?.view.raw)

      let second = HelpDialog.present(server.url("/c"), title: "Help", showsNavigation: true)
      defer { second.close() }
      XCTAssertEqual(UnsafeMutableRawPointer(second.viewer.webView), spare, "the spare view was taken")
      XCTAssertTrue(ViewPool.spares.isEmpty)
      waitUntil("the second dialog loaded C") {
        second.viewer.state.phase == .loaded && second.viewer.state.title != nil
      }
      XCTAssertEqual(second.viewer.state.title, "C", "no script of the first dialog ran")
      XCTAssertTrue(second.viewer.state.url?.hasSuffix("/c") == true)
      XCTAssertFalse(second.viewer.state.canGoBack)
      XCTAssertFalse(second.viewer.state.canGoForward)
      XCTAssertEqual(webkit_web_view_can_go_back(second.viewer.webView), 0)
      let history = webkit_web_view_get_back_forward_list(second.viewer.webView)
      XCTAssertEqual(g_list_length(webkit_back_forward_list_get_back_list(history)), 0, "no old page in the history")
      XCTAssertEqual(gtk_widget_get_sensitive(gcast(second.header.backButton)), 0)
      XCTAssertLessThanOrEqual(WebProcesses.running().count, processes, "no new web process for the second dialog")
    }
  }

  func testAtMostOneSpareIsKeptAndDropSpareViewsReleasesIt() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Page</title>"))
      defer { server.stop() }
      let dialogs = (0..<3).map { _ in HelpDialog.present(server.url("/"), title: "Help") }
      waitUntil("all three loaded") { dialogs.allSatisfy { $0.viewer.state.phase == .loaded } }
      for dialog in dialogs { dialog.close() }
      waitUntil("a spare view was made") { ViewPool.spares.count == 1 }
      waitUntil("no hand-over is pending") { !ViewPool.isHandingOver }
      XCTAssertEqual(ViewPool.spares.count, 1, "bounded: one spare for three closed dialogs")
      let spare = GWeakObject(try XCTUnwrap(ViewPool.spares.first?.view.raw))
      XCTAssertTrue(HelpViewerEngine.hasSpareView)
      HelpViewerEngine.dropSpareViews()
      XCTAssertFalse(HelpViewerEngine.hasSpareView)
      waitUntil("the spare view was freed") { !spare.isAlive }

      HelpViewerEngine.spareViewLimit = 0
      let unpooled = HelpDialog.present(server.url("/"), title: "Help")
      waitUntil("loaded") { unpooled.viewer.state.phase == .loaded }
      unpooled.close()
      waitUntil("no hand-over is pending") { !ViewPool.isHandingOver }
      XCTAssertFalse(HelpViewerEngine.hasSpareView, "reuse off: nothing kept")
    }
  }

  func testPrewarmGivesTheFirstDialogAViewWithARunningProcess() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Warm</title>"))
      defer { server.stop() }
      HelpViewerEngine.prewarm()
      waitUntil("the prewarmed process went to a spare view") { ViewPool.spares.count == 1 }
      let spare = try XCTUnwrap(ViewPool.spares.first?.view.raw)
      let dialog = HelpDialog.present(server.url("/"), title: "Help")
      defer { dialog.close() }
      XCTAssertEqual(UnsafeMutableRawPointer(dialog.viewer.webView), spare)
      waitUntil("loaded, with its title") {
        dialog.viewer.state.phase == .loaded && dialog.viewer.state.title == "Warm"
      }
      XCTAssertFalse(dialog.viewer.state.canGoBack, "the prewarm's about:blank is not in the history")
    }
  }

  func testAPreloadedPageIsShownWithoutANewLoad() throws {
    try onMain {
      let server = try TestServer()
      server.route("/help", .page("<title>Preloaded</title><p>ready"))
      server.route("/other", .page("<title>Other</title>"))
      defer { server.stop() }
      let url = server.url("/help")
      let viewer = HelpViewerEngine.preload(url)
      XCTAssertTrue(HelpViewerEngine.preload(url) === viewer, "the same page is preloaded once")
      waitUntil("preloaded") { viewer.state.phase == .loaded && viewer.state.title == "Preloaded" }
      XCTAssertEqual(server.hits["/help"], 1)
      var changes: [LoadState] = []
      viewer.onStateChange = { changes.append($0) }

      let dialog = HelpDialog.present(url, title: "Help")
      defer { dialog.close() }
      XCTAssertTrue(dialog.viewer === viewer, "the dialog shows the preloaded viewer")
      XCTAssertEqual(dialog.viewer.state.phase, .loaded, "loaded at once")
      XCTAssertEqual(gtk_window_get_title(dialog.gtkWindow).map { String(cString: $0) }, "Preloaded")
      var frames = 0
      UnsafeMutablePointer<GtkWidget>(gcast(dialog.gtkWindow)).addTickCallback {
        frames += 1
        return frames < 3
      }
      waitUntil("the dialog drew frames") { frames >= 3 }
      XCTAssertEqual(gtk_widget_get_mapped(gcast(viewer.webView)), 1)
      XCTAssertEqual(server.hits["/help"], 1, "no second request")
      XCTAssertEqual(webkit_web_view_is_loading(viewer.webView), 0)
      XCTAssertTrue(changes.allSatisfy { !$0.isLoading }, "no load started: \(changes.map(\.phase))")
      XCTAssertNil(Preloads.take(url), "a preloaded page is shown once")

      // Another address is not taken from the preloads: it loads in a dialog of its own.
      HelpViewerEngine.preload(url)
      let other = HelpDialog.present(server.url("/other"), title: "Help")
      defer { other.close() }
      XCTAssertFalse(other.viewer === viewer)
      waitUntil("the other page loaded") { other.viewer.state.title == "Other" }
      XCTAssertEqual(Preloads.viewers.count, 1)
    }
  }

  func testAFailedPreloadIsNotShownTheDialogLoadsAgain() throws {
    try onMain {
      let server = try TestServer()
      server.route("/flaky", .page("<title>Down</title>", status: 503))
      defer { server.stop() }
      let url = server.url("/flaky")
      let viewer = HelpViewerEngine.preload(url)
      waitUntil("the preload failed") { viewer.state.error != nil }
      server.route("/flaky", .page("<title>Up again</title>"))
      let dialog = HelpDialog.present(url, title: "Help")
      defer { dialog.close() }
      XCTAssertFalse(dialog.viewer === viewer)
      waitUntil("the dialog loaded the page itself") { dialog.viewer.state.title == "Up again" }
      XCTAssertEqual(server.hits["/flaky"], 2)
    }
  }
}
