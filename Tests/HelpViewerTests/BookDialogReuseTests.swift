import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// A closed book dialog's window and web view serve the next dialog, book or not, as a plain
/// dialog's do (issue 21: each book dialog took a new web view, and the web process grew): the
/// next dialog finds nothing of the old book, no search bar, search text, results page or note,
/// and a history of its own page only. A book dialog ended with its parent or its application
/// is not kept.
final class BookDialogReuseTests: GtkTestCase {
  func testTheNextBookDialogTakesAClosedBookDialogsWindowWithNothingOfTheOldBook() throws {
    try onMain {
      let fixture = try AfterEndFixture()
      defer { fixture.remove() }
      var first: HelpDialog? = HelpDialog.present(book: fixture.book, title: "First book")
      let closed = try XCTUnwrap(first.map { try closeWithSearchAndNote($0, of: fixture.book) })
      first = nil
      waitUntil("the old book's widgets freed with its dialog") { closed.widgets.allSatisfy { !$0.isAlive } }

      let second = HelpDialog.present(topic: "other", in: fixture.book, title: "Second book")
      defer { second.close() }
      XCTAssertEqual(second.gtkWindow, closed.window, "the kept window")
      XCTAssertEqual(second.viewer.webView, closed.webView, "the kept web view")
      waitUntil("the second dialog's page") {
        second.viewer.state.title == "Other things" && second.viewer.state.phase == .loaded
      }
      let support = try XCTUnwrap(second.bookSupport)
      XCTAssertNil(second.note, "no note of the old book")
      XCTAssertFalse(second.isSearchOpen, "search closed")
      XCTAssertEqual(support.search.text, "", "no search text of the old book")
      XCTAssertEqual(gtk_window_get_child(second.gtkWindow), support.content.widget, "the book layout, its own")
      let tree = widgetTree(gcast(second.gtkWindow))
      XCTAssertEqual(tree.filter { $0 == support.search.toggle.widget }.count, 1, "its own search toggle, once")
      XCTAssertEqual(tree.filter(isSearchToggle).count, 1, "one search toggle in the header")
      XCTAssertEqual(tree.filter(isSearchBar).count, 1, "one search bar")
      XCTAssertFalse(second.viewer.state.url?.contains("/.search?") == true, "no results page")
      expectOnlyItsPage(second)
      XCTAssertTrue(second.viewer.ownsFocus, "the page has the keyboard focus")
      XCTAssertTrue(second.openSearch("conflict"))
      waitUntil("its own search shows results") {
        second.viewer.state.url?.contains("/.search?q=conflict") == true && second.viewer.state.phase == .loaded
      }
    }
  }

  func testAPlainDialogTakesAClosedBookDialogsWindowInThePlainLayout() throws {
    try onMain {
      let fixture = try AfterEndFixture()
      defer { fixture.remove() }
      let first = HelpDialog.present(book: fixture.book, title: "Book")
      let closed = try closeWithSearchAndNote(first, of: fixture.book)

      let second = HelpDialog.present(fixture.server.url("/a"), title: "Plain")
      defer { second.close() }
      XCTAssertEqual(second.gtkWindow, closed.window, "the kept window")
      XCTAssertEqual(second.viewer.webView, closed.webView, "the kept web view")
      waitUntil("A loaded") { second.viewer.state.title == "A" && second.viewer.state.phase == .loaded }
      XCTAssertNil(second.bookSupport)
      XCTAssertNil(second.note)
      XCTAssertFalse(second.openSearch("sync"), "no book, no search")
      XCTAssertEqual(gtk_window_get_child(second.gtkWindow), second.viewer.gtkWidget, "the page alone")
      let tree = widgetTree(gcast(second.gtkWindow))
      XCTAssertEqual(tree.filter(isSearchToggle).count, 0, "no search toggle in the header")
      XCTAssertEqual(tree.filter(isSearchBar).count, 0, "no search bar")
      XCTAssertEqual(
        gtk_widget_activate_action_variant(gcast(second.gtkWindow), "dialog.search", nil), 0, "no search action")
      expectOnlyItsPage(second)
      XCTAssertTrue(second.viewer.ownsFocus, "the page has the keyboard focus")
    }
  }

  func testABookDialogEndedWithItsParentIsNotKept() throws {
    try onMain {
      let fixture = try AfterEndFixture()
      defer { fixture.remove() }
      let parent = showInWindow(gtk_label_new("host")!, title: "Doomed book host")
      let dialog = HelpDialog.present(book: fixture.book, title: "Book", over: parent)
      waitUntil("the index page") { dialog.viewer.state.phase == .loaded }
      XCTAssertTrue(dialog.openSearch("sync"))
      waitUntil("the results page") { dialog.viewer.state.url?.contains("/.search?q=sync") == true }
      let window = GWeakObject(dialog.gtkWindow)
      gtk_window_destroy(parent)
      XCTAssertFalse(dialog.isOpen)
      XCTAssertFalse(window.isAlive, "destroyed with its parent")
      XCTAssertFalse(ViewPool.isKeepingShell, "nothing kept")
    }
  }

  func testABookDialogEndedByItsApplicationQuittingIsNotKept() throws {
    try onMain {
      let fixture = try AfterEndFixture()
      defer { fixture.remove() }
      let app = TestApplication()
      var host: UnsafeMutablePointer<GtkWindow>?
      var window: GWeakObject?
      var shown: HelpDialog?
      app.onActivate = {
        let parent = app.window(title: "Quitting book host")
        host = parent
        let dialog = HelpDialog.present(book: fixture.book, title: "Quitting", over: parent)
        shown = dialog
        window = GWeakObject(dialog.gtkWindow)
        dialog.viewer.onStateChange = { state in
          if state.phase == .loaded { g_application_quit(gcast(app.application)) }
        }
      }
      let safety = TimeoutSource(seconds: 20) { g_application_quit(gcast(app.application)) }
      defer { safety.cancel() }
      XCTAssertEqual(app.run(), 0)
      XCTAssertTrue(safety.isPending, "the index page loaded and the application quit")
      XCTAssertFalse(try XCTUnwrap(shown).isOpen)
      XCTAssertFalse(try XCTUnwrap(window).isAlive, "the dialog's window was destroyed")
      XCTAssertFalse(ViewPool.isKeepingShell, "nothing kept")
      if let host { gtk_window_destroy(host) }
    }
  }
}

/// A closed book dialog's window, web view, and weak references to its book widgets.
private struct ClosedBookDialog {
  let window: UnsafeMutablePointer<GtkWindow>
  let webView: UnsafeMutablePointer<WebKitWebView>
  let widgets: [GWeakObject]
}

/// Shows the results for "sync" in `dialog` (showing `book`), then the index page with the note
/// about a missing topic, search still open; closes it, and checks that its window and web view
/// are kept without the book's widgets (which live on with the dialog), ready for the next dialog.
@MainActor
private func closeWithSearchAndNote(
  _ dialog: HelpDialog, of book: HelpBook, file: StaticString = #filePath, line: UInt = #line
) throws -> ClosedBookDialog {
  waitUntil("the index page", file: file, line: line) {
    dialog.viewer.state.title == "Notebook Help Contents" && dialog.viewer.state.phase == .loaded
  }
  XCTAssertTrue(dialog.openSearch("sync"), file: file, line: line)
  waitUntil("the results page", file: file, line: line) {
    dialog.viewer.state.url?.contains("/.search?q=sync") == true && dialog.viewer.state.phase == .loaded
  }
  XCTAssertTrue(dialog.show(topic: "no-such-page", in: book), file: file, line: line)
  waitUntil("the index page again", file: file, line: line) {
    dialog.viewer.state.url?.contains("/.search?") == false && dialog.viewer.state.phase == .loaded
  }
  XCTAssertNotNil(dialog.note, "the note about the missing page shows", file: file, line: line)
  XCTAssertTrue(dialog.isSearchOpen, file: file, line: line)
  XCTAssertTrue(dialog.viewer.state.canGoBack, "a history of three pages", file: file, line: line)
  let support = try XCTUnwrap(dialog.bookSupport, file: file, line: line)
  let search = support.search
  let widgets = [
    GWeakObject(support.content), GWeakObject(search.toggle), GWeakObject(search.bar),
    GWeakObject(UnsafeMutableRawPointer(search.entry)), GWeakObject(support.note.root),
  ]
  let closed = ClosedBookDialog(window: dialog.gtkWindow, webView: dialog.viewer.webView, widgets: widgets)
  dialog.close()
  XCTAssertNil(dialog.window, file: file, line: line)
  XCTAssertTrue(
    ViewPool.isKeepingShell, "the closed book dialog's window and web view are kept", file: file, line: line)
  XCTAssertEqual(gtk_widget_get_visible(gcast(closed.window)), 0, "hidden", file: file, line: line)
  XCTAssertEqual(
    gtk_window_get_child(closed.window), dialog.viewer.gtkWidget, "the plain layout: the page alone", file: file,
    line: line)
  XCTAssertNil(gtk_widget_get_parent(search.toggle.widget), "the search toggle left the header", file: file, line: line)
  XCTAssertNil(
    gtk_widget_get_parent(support.content.widget), "the search bar and note left the window", file: file, line: line)
  XCTAssertTrue(widgets.allSatisfy(\.isAlive), "the dialog holds its book widgets", file: file, line: line)
  waitUntil("the kept window is ready", file: file, line: line) { ViewPool.hasReadyShell }
  return closed
}

/// Whether the history of `dialog`'s web view holds its page only.
@MainActor
private func expectOnlyItsPage(_ dialog: HelpDialog, file: StaticString = #filePath, line: UInt = #line) {
  XCTAssertFalse(dialog.viewer.state.canGoBack, "nothing back", file: file, line: line)
  XCTAssertFalse(dialog.viewer.state.canGoForward, "nothing forward", file: file, line: line)
  let history = webkit_web_view_get_back_forward_list(dialog.viewer.webView)
  XCTAssertEqual(
    webkit_back_forward_list_get_length(history), 1, "only its page in the history", file: file, line: line)
  XCTAssertEqual(gtk_widget_get_sensitive(gcast(dialog.header.backButton)), 0, file: file, line: line)
}

/// Whether `widget` is a search toggle (`SearchBar.toggle`: a toggle button with the search icon).
@MainActor
private func isSearchToggle(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
  guard isInstance(UnsafeMutableRawPointer(widget), of: gtk_toggle_button_get_type()) else { return false }
  return gtk_button_get_icon_name(gcast(widget)).map { String(cString: $0) } == "system-search-symbolic"
}

/// Whether `widget` is a `GtkSearchBar`.
@MainActor
private func isSearchBar(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
  isInstance(UnsafeMutableRawPointer(widget), of: gtk_search_bar_get_type())
}
