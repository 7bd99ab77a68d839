import HelpViewerCGtk
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// The page watchdog runs no script in a page that is not shown (a preload, a hidden window):
/// its ticks go by without a question until the view is mapped.
final class WatchdogVisibilityTests: GtkTestCase {
  func testAPreloadedPageIsAskedNothingUntilItShows() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/page", .page("<title>Preloaded</title>"))
      let viewer = HelpViewerEngine.preload(server.url("/page"))
      waitUntil("the preload loaded") { viewer.state.phase == .loaded }
      let watchdog = try XCTUnwrap(viewer.watchdog)
      XCTAssertTrue(watchdog.isRunning, "a loaded page is watched")
      let ticks = watchdog.tickCount
      waitUntil("three ticks went by") { watchdog.tickCount >= ticks + 3 }
      XCTAssertEqual(watchdog.questionCount, 0, "no script ran in the unshown page")

      let window = showInWindow(viewer.gtkWidget, title: "Watchdog \(UUID().uuidString.prefix(8))")
      defer { gtk_window_destroy(window) }
      waitUntil("the shown page is asked") { watchdog.questionCount > 0 }
    }
  }

  func testAPageInAHiddenWindowIsAskedNothing() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/page", .page("<title>Shown</title>"))
      let viewer = LoadingWebView(url: server.url("/page"))
      let window = showInWindow(viewer.gtkWidget, title: "Watchdog \(UUID().uuidString.prefix(8))")
      defer { gtk_window_destroy(window) }
      waitUntil("the page loaded") { viewer.state.phase == .loaded }
      let watchdog = try XCTUnwrap(viewer.watchdog)
      waitUntil("the shown page is asked") { watchdog.questionCount > 0 }

      gtk_widget_set_visible(gcast(window), 0)
      waitUntil("the view is unmapped") { gtk_widget_get_mapped(gcast(viewer.webView)) == 0 }
      let asked = watchdog.questionCount
      let ticks = watchdog.tickCount
      waitUntil("three ticks went by") { watchdog.tickCount >= ticks + 3 }
      XCTAssertEqual(watchdog.questionCount, asked, "no script ran while the window was hidden")

      gtk_widget_set_visible(gcast(window), 1)
      waitUntil("the page is asked again once shown") { watchdog.questionCount > asked }
    }
  }
}
