import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// A closed dialog's window and web view serve the next dialog, which shows nothing of the
/// previous one: no page, no history, no scripts; the closed dialog's objects stay inert.
final class DialogReuseTests: GtkTestCase {
  func testTheNextDialogTakesTheClosedOnesWindowAndViewWithNoPageHistoryOrScripts() throws {
    try onMain {
      let server = try TestServer()
      server.route("/a", .page("<title>A</title><a id=next href='/b'>next</a>"))
      server.route("/b", .page("<title>B</title>"))
      server.route("/c", .page("<title>C</title><p>third"))
      defer { server.stop() }
      let first = HelpDialog.present(server.url("/a"), title: "Help", showsNavigation: true)
      waitUntil("the first dialog loaded A") { first.viewer.state.phase == .loaded }
      first.viewer.load(server.url("/b"))
      waitUntil("it went on to B, with history") {
        first.viewer.state.phase == .loaded && first.viewer.state.title == "B" && first.viewer.state.canGoBack
      }
      let script = webkit_user_script_new(
        "document.title = 'Injected by the first dialog';", WEBKIT_USER_CONTENT_INJECT_TOP_FRAME,
        WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END, nil, nil)
      webkit_user_content_manager_add_script(first.viewer.userContentManager.opaque, script)
      webkit_user_script_unref(script)
      let window = first.gtkWindow
      let webView = first.viewer.webView
      first.close()
      XCTAssertFalse(first.isOpen)
      XCTAssertNil(first.window, "a closed dialog has no window, though its window is kept")
      XCTAssertTrue(ViewPool.isKeepingShell, "the closed dialog's shell is kept")
      XCTAssertEqual(gtk_widget_get_visible(gcast(window)), 0, "hidden")
      waitUntil("the kept view shows an empty page") { ViewPool.hasReadyShell }
      XCTAssertEqual(webkit_web_view_get_title(webView).map { String(cString: $0) } ?? "", "", "B is gone")
      // Asked of the page itself: WebKit may report a title the page set after FINISHED.
      XCTAssertEqual(
        evaluate("document.title", in: webView), "", "the closed dialog's script did not run on the empty page")

      let second = HelpDialog.present(server.url("/c"), title: "Help", showsNavigation: true)
      defer { second.close() }
      XCTAssertEqual(second.gtkWindow, window, "the same window")
      XCTAssertEqual(second.window, OpaquePointer(window), "the next dialog's window")
      XCTAssertNil(first.window, "never the next dialog's window")
      XCTAssertEqual(second.viewer.webView, webView, "the same web view")
      XCTAssertFalse(ViewPool.isKeepingShell)
      waitUntil("the second dialog loaded C") {
        second.viewer.state.phase == .loaded && second.viewer.state.title != nil
      }
      XCTAssertEqual(second.viewer.state.title, "C", "no script of the first dialog ran")
      XCTAssertTrue(second.viewer.state.url?.hasSuffix("/c") == true)
      XCTAssertFalse(second.viewer.state.canGoBack)
      XCTAssertFalse(second.viewer.state.canGoForward)
      let history = webkit_web_view_get_back_forward_list(webView)
      XCTAssertEqual(webkit_back_forward_list_get_length(history), 1, "only C in the history")
      XCTAssertEqual(gtk_widget_get_sensitive(gcast(second.header.backButton)), 0)

      // The closed dialog's viewer loads nothing into the view it gave away. WebKit takes the
      // address of a load it is asked for at once (webkit_web_view_get_uri), and the zoom level
      // too: both are checked right after the calls, no waiting for something not to happen.
      let recorder = StateRecorder(second.viewer)
      first.viewer.load(server.url("/a"))
      first.viewer.zoomIn()
      XCTAssertEqual(webkit_web_view_get_uri(webView).map { String(cString: $0) }, server.url("/c").absoluteString)
      XCTAssertEqual(webkit_web_view_get_zoom_level(webView), 1)
      XCTAssertEqual(second.viewer.zoomLevel, 1)
      // A later load in the view shows that nothing else came in between, and that the address
      // check above can fail: the view takes this one at once.
      second.viewer.load(server.url("/b"))
      XCTAssertEqual(webkit_web_view_get_uri(webView).map { String(cString: $0) }, server.url("/b").absoluteString)
      waitUntil("the second dialog loaded B") {
        second.viewer.state.phase == .loaded && second.viewer.state.title == "B"
      }
      XCTAssertEqual(recorder.samples.compactMap(\.state.url).filter { $0.hasSuffix("/a") }, [], "never on A")
      XCTAssertEqual(server.hits["/a"], 1)
    }
  }

  func testADialogOpenedWhileTheKeptViewTurnsBlankGetsANewWindow() throws {
    try onMain {
      let server = try TestServer()
      server.route("/a", .page("<title>A</title>"))
      server.route("/c", .page("<title>C</title>"))
      defer { server.stop() }
      let first = HelpDialog.present(server.url("/a"), title: "Help")
      waitUntil("loaded A") { first.viewer.state.phase == .loaded }
      let window = first.gtkWindow
      first.close()
      // The blank page's load events would reach the next dialog's viewer: not taken yet.
      let second = HelpDialog.present(server.url("/c"), title: "Help")
      XCTAssertNotEqual(second.gtkWindow, window, "a new window while the kept view loads its blank page")
      waitUntil("the second dialog loaded C") {
        second.viewer.state.phase == .loaded && second.viewer.state.title == "C"
      }
      XCTAssertFalse(second.viewer.state.canGoBack)
      second.close()
      HelpViewerEngine.dropSpareViews()
    }
  }
}
