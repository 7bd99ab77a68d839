import Foundation
import HelpViewerCGtk
import HelpViewerGlue
import XCTest

@testable import HelpViewer
@testable import HelpViewerBooks

/// Issue 30's sequences, each a regression test: search after Back from another app's help,
/// Back from a missing page, the header of a book dialog, and errors of local pages.
final class HelpNavigationSequenceTests: GtkTestCase {
  func testSearchAfterBackFromAnotherAppsHelpSearchesTheFirstBook() throws {
    try XCTSkipUnless(MallardViewerTests.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      let help = try TallyHelp()
      defer { help.remove() }
      let dialog = openCounting(help)
      defer { dialog.close() }
      let tally = try XCTUnwrap(dialog.book)
      clickLink("help:other", in: dialog)
      waitUntil("the other app's help") { dialog.viewer.state.title == "Other Help" && !dialog.viewer.state.isLoading }
      XCTAssertNotEqual(dialog.book, tally)
      try pressKeys("alt+Left", in: dialog.gtkWindow)
      waitUntil("Counting again") { dialog.viewer.state.title == "Counting" && dialog.viewer.state.phase == .loaded }
      XCTAssertEqual(dialog.book, tally, "search looks in the book of the page shown")
      XCTAssertTrue(dialog.openSearch("zero"))
      waitUntil("results") {
        dialog.viewer.state.url?.contains("/.search?q=zero") == true && dialog.viewer.state.phase == .loaded
      }
      let first = evaluate(
        "(document.querySelector('li > a')||{}).href||'none'", in: dialog.viewer.webView)
      XCTAssertEqual(
        first.flatMap { URLComponents(string: $0)?.host }, BundledScheme.name(for: tally), "a result of Tally's help")
    }
  }

  func testBackFromAMissingPageShowsThePageBeforeItAndTheErrorSaysNoServer() throws {
    try XCTSkipUnless(MallardViewerTests.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      let help = try TallyHelp()
      defer { help.remove() }
      let dialog = openCounting(help)
      defer { dialog.close() }
      clickLink("gone.html", in: dialog)
      waitUntil("the missing page's error") { dialog.viewer.state.error != nil }
      let error = try XCTUnwrap(dialog.viewer.state.error)
      XCTAssertEqual(error.kind, .pageNotFound)
      XCTAssertEqual(error.message, "This page does not exist. The link may be out of date.")
      XCTAssertEqual(gtk_widget_get_visible(gcast(dialog.viewer.errorView.retryButton)), 0, "no Retry that cannot help")
      XCTAssertEqual(dialog.header.title.text, "Page Not Found", "the header names the error, not the page under it")
      XCTAssertFalse(error.description.contains("book-"), error.description)
      XCTAssertEqual(gtk_widget_get_sensitive(gcast(dialog.header.backButton)), 1)
      gtk_widget_activate(gcast(dialog.header.backButton))
      waitUntil("back shows Counting") { dialog.viewer.state.phase == .loaded }
      XCTAssertEqual(dialog.viewer.state.title, "Counting")
      XCTAssertEqual(dialog.header.title.text, "Counting")
      XCTAssertEqual(dialog.viewer.stack.visibleChildName, "page")
      XCTAssertFalse(dialog.viewer.state.canGoForward, "nothing after Counting")
      try pressKeys("alt+Left", in: dialog.gtkWindow)
      waitUntil("and back again the index") {
        dialog.viewer.state.title == "Tally Help" && !dialog.viewer.state.isLoading
      }
    }
  }

  func testBookDialogsShowBackAndForwardAndNoOpenInBrowser() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      let dialog = HelpDialog.present(book: book)
      waitUntil("the index") { dialog.viewer.state.phase == .loaded }
      let header = dialog.header
      XCTAssertEqual(gtk_widget_get_visible(gcast(header.backButton)), 1)
      XCTAssertEqual(gtk_widget_get_visible(gcast(header.forwardButton)), 1)
      XCTAssertEqual(gtk_widget_get_visible(gcast(header.openInBrowserButton)), 0)
      XCTAssertFalse(dialog.actions.isEnabled("open-in-browser"))
      dialog.close()
      // The window kept for the next dialog: a plain page's dialog has no book navigation.
      let plain = HelpDialog.present(URL(string: "data:text/html,<title>Plain</title>")!)
      defer { plain.close() }
      XCTAssertEqual(gtk_widget_get_visible(gcast(plain.header.backButton)), 0)
    }
  }
}

/// Opens `help:tally` in a new dialog and follows its link to Counting, waiting until it shows.
@MainActor
func openCounting(_ help: TallyHelp) -> HelpDialog {
  let dialog = HelpDialog(title: "Help")
  dialog.present()
  dialog.load(helpAddress: "help:tally", environment: help.environment, languages: ["C"])
  waitUntil("the index") { dialog.viewer.state.title == "Tally Help" && dialog.viewer.state.phase == .loaded }
  clickLink("counting.html", in: dialog)
  waitUntil("Counting") { dialog.viewer.state.title == "Counting" && dialog.viewer.state.phase == .loaded }
  return dialog
}

/// Clicks the page's link whose `href` is `href`, as a person would (a trusted click).
@MainActor
func clickLink(_ href: String, in dialog: HelpDialog, file: StaticString = #filePath, line: UInt = #line) {
  let found = evaluate(
    "(function(){var a=document.querySelector('a[href=\"\(href)\"]');if(!a)return 'none';a.click();return 'ok';})()",
    in: dialog.viewer.webView, file: file, line: line)
  XCTAssertEqual(found, "ok", "a link to \(href)", file: file, line: line)
}
