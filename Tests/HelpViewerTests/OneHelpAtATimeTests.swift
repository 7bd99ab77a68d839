import Foundation
import HelpViewerCGtk
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// One help at a time (issue 20.3): asking for help from a book an open dialog shows brings
/// that dialog forward and goes to the topic; F1 inside the help opens no second window.
final class OneHelpAtATimeTests: GtkTestCase {
  func testPresentingABookThatIsShownBringsItsDialogForwardAtTheTopic() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      let parent = showInWindow(gtk_label_new("host")!, title: "One help host")
      defer { gtk_window_destroy(parent) }
      let first = HelpDialog.present(topic: "other", in: book, over: parent)
      defer { first.close() }
      waitUntil("the first topic") { first.viewer.state.title == "Other things" && first.viewer.state.phase == .loaded }
      let second = HelpDialog.present(topic: "sync", in: book, over: parent)
      XCTAssertTrue(second === first, "the open dialog, not a second one")
      waitUntil("it went to the topic") {
        first.viewer.state.title == "Syncing notes" && first.viewer.state.phase == .loaded
      }
      XCTAssertTrue(HelpDialog.present(book: book, over: parent) === first)
      waitUntil("and to the index") { first.viewer.state.title == "Notebook Help Contents" }
      XCTAssertEqual(openDialogWindows(), 1)
      // Another book over the same window: the same help window shows it (one help window
      // per window, issue 30); without a parent, another book gets a dialog of its own. A
      // closed dialog is no longer found.
      let otherFolder = try TestBook.make()
      defer { TestBook.remove(otherFolder) }
      let otherBook = try HelpBook(folder: otherFolder, languages: ["C"])
      XCTAssertTrue(HelpDialog.present(book: otherBook, over: parent) === first)
      waitUntil("the other book in it") { first.book == otherBook && first.viewer.state.phase == .loaded }
      XCTAssertEqual(openDialogWindows(), 1)
      let other = HelpDialog.present(book: book)
      XCTAssertFalse(other === first)
      other.close()
      first.close()
      let third = HelpDialog.present(topic: "sync", in: book, over: parent)
      defer { third.close() }
      XCTAssertFalse(third === first, "a closed dialog does not come back")
    }
  }

  func testContextHelpFromTheHelpItselfOpensNoSecondWindow() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      let entry: UnsafeMutablePointer<GtkWidget> = gtk_entry_new()
      HelpTopics.tag(UnsafeMutableRawPointer(entry), topic: "other")
      let window = showInWindow(entry, title: "One help F1 host")
      defer { gtk_window_destroy(window) }
      HelpTopics.installHelpKey(in: UnsafeMutableRawPointer(window), book: book)
      gtk_widget_grab_focus(entry)
      // F1 in the main window opens help at the focused widget's topic.
      try pressKeys("F1", in: window)
      waitUntil("F1 opened the entry's topic") { OpenHelpDialogs.showing(book)?.viewer.state.title == "Other things" }
      let dialog = try XCTUnwrap(OpenHelpDialogs.showing(book))
      defer { dialog.close() }
      waitUntil("its page loaded") { dialog.viewer.state.phase == .loaded }
      dialog.viewer.load(topic: "sync", in: book)
      waitUntil("the person read on") {
        dialog.viewer.state.title == "Syncing notes" && dialog.viewer.state.phase == .loaded
      }
      // The app's F1 (app.help) reaches the help dialog too: asked while the help has the focus,
      // context help keeps it, on its page.
      _ = try focus(dialog.gtkWindow)
      XCTAssertTrue(HelpDialog.presentContextHelp(in: book, over: window) === dialog)
      XCTAssertEqual(openDialogWindows(), 1)
      XCTAssertEqual(dialog.viewer.state.title, "Syncing notes", "it stays on its page")
      XCTAssertFalse(dialog.viewer.state.isLoading)
      XCTAssertEqual(openDialogWindows(), 1)
    }
  }
}

/// How many help dialog windows are shown now.
@MainActor
private func openDialogWindows() -> Int {
  let windows = gtk_window_get_toplevels()
  var count = 0
  for index in 0..<g_list_model_get_n_items(windows) {
    guard let item = g_list_model_get_item(windows, index) else { continue }
    g_object_unref(item)
    let widget: UnsafeMutablePointer<GtkWidget> = gcast(item)
    if gtk_widget_get_visible(widget) != 0, gtk_widget_has_css_class(widget, DialogWindow.cssClass) != 0 { count += 1 }
  }
  return count
}
