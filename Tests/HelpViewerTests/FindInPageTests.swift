import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Find in page through the real search entry, real key presses and the `viewer.*` actions,
/// with WebKit's find controller counting on a page served over real HTTP.
final class FindInPageTests: GtkTestCase {
  /// "apple" four times (one capitalised, one inside "pineapple"), "pear" once.
  static let page = """
    <title>Fruit</title>
    <p id=one>apple</p><p id=two>pear and apple</p><p id=three>Apple</p><p id=four>pineapple</p>
    """

  func testTypingInTheEntryCountsMatchesAndNoResultsShows() throws {
    try onMain {
      let (viewer, window, server) = try loadedViewer(title: "Find typing test")
      defer { gtk_window_destroy(window) }
      _ = server
      XCTAssertFalse(viewer.model.findState.isShown)
      XCTAssertEqual(gtk_widget_get_visible(viewer.findBar.root.widget), 0)
      XCTAssertTrue(gtk_widget_activate_action_variant(viewer.gtkWidget, "viewer.find", nil) != 0)
      XCTAssertTrue(viewer.model.findState.isShown)
      XCTAssertEqual(gtk_widget_get_visible(viewer.findBar.root.widget), 1)

      viewer.findBar.entry.text = "apple"
      waitUntil("WebKit counted 4 matches") { viewer.model.findState.matchCount == 4 }
      XCTAssertEqual(viewer.model.findState.text, "apple")
      XCTAssertFalse(viewer.model.findState.noResults)
      XCTAssertEqual(viewer.findBar.summary, "4 matches")

      viewer.findBar.entry.text = "pear"
      waitUntil("WebKit counted 1 match") { viewer.model.findState.matchCount == 1 }
      XCTAssertEqual(viewer.findBar.summary, "1 match")

      viewer.findBar.entry.text = "banana"
      waitUntil("no results") { viewer.model.findState.noResults }
      XCTAssertEqual(viewer.findBar.summary, "No results")
      XCTAssertEqual(gtk_widget_has_css_class(gcast(viewer.findBar.entry), "error"), 1)
      XCTAssertEqual(gtk_widget_get_sensitive(gcast(viewer.findBar.nextButton)), 0)

      viewer.findBar.entry.text = "APPLE"
      waitUntil("matches again, case-insensitively") { viewer.model.findState.matchCount == 4 }
      XCTAssertEqual(gtk_widget_has_css_class(gcast(viewer.findBar.entry), "error"), 0)

      viewer.findBar.entry.text = ""
      waitUntil("an empty entry clears the count") { viewer.model.findState.text.isEmpty }
      XCTAssertEqual(viewer.findBar.summary, "")
    }
  }

  func testNextAndPreviousMoveThroughTheMatchesAndWrap() throws {
    try onMain {
      let (viewer, window, server) = try loadedViewer(title: "Find next test")
      defer { gtk_window_destroy(window) }
      _ = server
      viewer.showFindBar()
      viewer.find("apple")
      waitUntil("counted") { viewer.model.findState.matchCount == 4 }
      waitUntil("the first match is selected") { selectedParagraph(viewer) == "one" }
      gtk_widget_activate(gcast(viewer.findBar.nextButton))
      waitUntil("next: the second") { selectedParagraph(viewer) == "two" }
      XCTAssertTrue(gtk_widget_activate_action_variant(viewer.gtkWidget, "viewer.find-next", nil) != 0)
      waitUntil("next: the third") { selectedParagraph(viewer) == "three" }
      viewer.findNext()
      waitUntil("next: the fourth") { selectedParagraph(viewer) == "four" }
      viewer.findNext()
      waitUntil("next wraps around to the first") { selectedParagraph(viewer) == "one" }
      gtk_widget_activate(gcast(viewer.findBar.previousButton))
      waitUntil("previous wraps around to the last") { selectedParagraph(viewer) == "four" }
      XCTAssertTrue(gtk_widget_activate_action_variant(viewer.gtkWidget, "viewer.find-previous", nil) != 0)
      waitUntil("previous: the third") { selectedParagraph(viewer) == "three" }
    }
  }

  func testKeyboardControlFTypingEnterShiftEnterControlGAndEscape() throws {
    try onMain {
      let (viewer, window, server) = try loadedViewer(title: "Find keys test")
      defer { gtk_window_destroy(window) }
      _ = server
      gtk_widget_grab_focus(gcast(viewer.webView))
      try pressKeys("ctrl+f", in: window)
      waitUntil("Ctrl+F opened the bar with the focus in its entry") {
        viewer.model.findState.isShown && focusIsInside(gcast(viewer.findBar.entry), of: window)
      }
      _ = try runProgram("/usr/bin/xdotool", ["type", "--delay", "20", "apple"])
      waitUntil("typing searched as it went") { viewer.model.findState.matchCount == 4 }
      XCTAssertEqual(viewer.model.findState.text, "apple")
      waitUntil("the first match is selected") { selectedParagraph(viewer) == "one" }
      try pressKeys("Return", in: window)
      waitUntil("Enter: the next match") { selectedParagraph(viewer) == "two" }
      try pressKeys("shift+Return", in: window)
      waitUntil("Shift+Enter: the previous match") { selectedParagraph(viewer) == "one" }
      try pressKeys("ctrl+g", in: window)
      waitUntil("Ctrl+G: the next match") { selectedParagraph(viewer) == "two" }
      try pressKeys("ctrl+shift+g", in: window)
      waitUntil("Shift+Ctrl+G: the previous match") { selectedParagraph(viewer) == "one" }
      try pressKeys("Escape", in: window)
      waitUntil("Esc closed the bar") { !viewer.model.findState.isShown }
      XCTAssertEqual(gtk_widget_get_visible(viewer.findBar.root.widget), 0)
      waitUntil("the page has the focus back") { focusIsInside(gcast(viewer.webView), of: window) }
      try pressKeys("ctrl+g", in: window)
      waitUntil("Ctrl+G with the bar closed shows it again, searching the same text") {
        viewer.model.findState.isShown && viewer.model.findState.matchCount == 4
      }
    }
  }

  func testEscapeClosesTheFindBarFirstAndTheDialogSecond() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page(Self.page))
      let dialog = HelpDialog.present(server.url("/"), title: "Find dialog test")
      defer { dialog.close() }
      waitUntil("loaded") { dialog.viewer.state.phase == .loaded }
      try pressKeys("ctrl+f", in: dialog.gtkWindow)
      waitUntil("Ctrl+F opened the bar in the dialog") { dialog.viewer.model.findState.isShown }
      try pressKeys("Escape", in: dialog.gtkWindow)
      waitUntil("the first Esc closed the bar") { !dialog.viewer.model.findState.isShown }
      XCTAssertTrue(dialog.isOpen, "the first Esc leaves the dialog open")
      try pressKeys("Escape", in: dialog.gtkWindow)
      waitUntil("the second Esc closed the dialog") { !dialog.isOpen }
    }
  }

  func testFindAndPrintActionsEnableOnlyWithALoadedPage() throws {
    try onMain {
      let viewer = LoadingWebView()
      let window = showInWindow(viewer.gtkWidget, title: "Find actions test")
      defer { gtk_window_destroy(window) }
      for name: ViewerActions.Name in [.find, .findNext, .findPrevious, .print] {
        XCTAssertFalse(viewer.actions.isEnabled(name), "\(name) without a page")
      }
      XCTAssertTrue(viewer.actions.isEnabled(.zoomIn))
      gtk_widget_activate_action_variant(viewer.gtkWidget, "viewer.find", nil)
      XCTAssertFalse(viewer.model.findState.isShown, "a disabled action does nothing")

      let server = try TestServer()
      server.route("/", .page(Self.page))
      viewer.load(server.url("/"))
      waitUntil("loaded") { viewer.state.phase == .loaded }
      XCTAssertTrue(viewer.actions.isEnabled(.find))
      XCTAssertTrue(viewer.actions.isEnabled(.print))
      XCTAssertFalse(viewer.actions.isEnabled(.findNext), "nothing searched yet")
      viewer.find("pear")
      XCTAssertTrue(viewer.model.findState.isShown, "find(_:) shows the bar with its highlights")
      var minimum: Int32 = 0
      var natural: Int32 = 0  // measured too: GTK needs both pointers for a width
      gtk_widget_measure(viewer.findBar.root.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
      XCTAssertLessThanOrEqual(minimum, 300 - 24, "the bar fits the dialog's smallest width")
      XCTAssertTrue(viewer.actions.isEnabled(.findNext))
      XCTAssertTrue(viewer.actions.isEnabled(.findPrevious))
    }
  }

  func testAFailedLoadClosesTheBarAndDisablesFind() throws {
    try onMain {
      let (viewer, window, server) = try loadedViewer(title: "Find failure test")
      defer { gtk_window_destroy(window) }
      _ = server
      viewer.showFindBar()
      viewer.find("pear")
      waitUntil("counted") { viewer.model.findState.matchCount == 1 }
      viewer.load(try closedPortURL())
      waitUntil("the load failed") { viewer.state.error != nil }
      XCTAssertFalse(viewer.model.findState.isShown, "nothing to search in the error view")
      XCTAssertEqual(gtk_widget_get_visible(viewer.findBar.root.widget), 0)
      XCTAssertFalse(viewer.actions.isEnabled(.find))
      try pressKeys("ctrl+f", in: window)
      // A key pressed after it moves the focus: GTK handled Ctrl+F before, whatever it did.
      let before = focusWidget(window)
      try pressKeys("Tab", in: window)
      waitUntil("Tab, pressed after Ctrl+F, moved the focus") { focusWidget(window) != before }
      XCTAssertFalse(viewer.model.findState.isShown, "Ctrl+F does nothing")
    }
  }

  func testALoadedPageIsSearchedAgainForTheOpenBarsText() throws {
    try onMain {
      let (viewer, window, server) = try loadedViewer(title: "Find reload test")
      defer { gtk_window_destroy(window) }
      server.route("/other", .page("<title>Other</title><p>apple apple</p>"))
      viewer.showFindBar()
      viewer.find("apple")
      waitUntil("counted on the first page") { viewer.model.findState.matchCount == 4 }
      viewer.load(server.url("/other"))
      waitUntil("counted again on the new page") {
        viewer.state.title == "Other" && viewer.model.findState.matchCount == 2
      }
    }
  }
}

/// A viewer in a plain window (no dialog) with the fruit page loaded.
@MainActor
private func loadedViewer(title: String) throws -> (LoadingWebView, UnsafeMutablePointer<GtkWindow>, TestServer) {
  let server = try TestServer()
  server.route("/", .page(FindInPageTests.page))
  let viewer = LoadingWebView(url: server.url("/"))
  let window = showInWindow(viewer.gtkWidget, title: title)
  waitUntil("loaded") { viewer.state.phase == .loaded }
  return (viewer, window, server)
}

/// The id of the paragraph holding the page's selection (where the find controller put it).
@MainActor
private func selectedParagraph(_ viewer: LoadingWebView) -> String? {
  evaluate(
    "(() => { const s = window.getSelection(); return s.rangeCount ? s.anchorNode.parentElement.id : '' })()",
    in: viewer.webView)
}

/// Whether the window's focus widget is `widget` or inside it.
@MainActor
func focusIsInside(_ widget: UnsafeMutablePointer<GtkWidget>, of window: UnsafeMutablePointer<GtkWindow>) -> Bool {
  guard let focus = gtk_root_get_focus(OpaquePointer(window)) else { return false }
  return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
}
