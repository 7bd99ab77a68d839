import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Help search in a real dialog: the header's toggle, Ctrl+K, the real entry, the results page
/// in the real web view, and Esc.
final class HelpSearchTests: GtkTestCase {
  func testTypingIntoTheEntryShowsResultsAndAResultOpensItsSection() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      Localization.setLanguages([])
      defer { Localization.setLanguages(nil) }
      let dialog = HelpDialog.present(book: book)
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("the index") { viewer.state.title == "Notebook Help Contents" && viewer.state.phase == .loaded }
      let search = try XCTUnwrap(dialog.bookSupport?.search)
      XCTAssertEqual(search.toggle.tooltip, "Search Help (Ctrl+K)")
      XCTAssertNil(accessibleLabelMismatch(search.toggle.widget, expected: "Search Help"))
      XCTAssertFalse(dialog.isSearchOpen)
      var building: [Bool] = []
      search.onBuildingChange = { building.append($0) }

      try pressKeys("ctrl+k", in: dialog.gtkWindow)
      waitUntil("Ctrl+K opened search with the focus in the entry") {
        dialog.isSearchOpen && focusIs(UnsafeMutableRawPointer(search.entry), in: dialog.gtkWindow)
      }
      XCTAssertEqual(search.toggle.isActive, true, "the toggle follows")
      // Letters typed within about 0.1 s of Ctrl+K lost the first one in about 1 run of 8 on a loaded
      // machine, also with the index not building and the entry's tooltip unchanged (so not the
      // search code); GTK's search bar opening or xdotool's keymap are left. Waiting until the
      // window has the X focus again before typing passed 10 runs of 10. An open finding.
      try focus(dialog.gtkWindow)
      _ = try runProgram("/usr/bin/xdotool", ["type", "--delay", "20", "conflict"])
      waitUntil("every letter typed in the entry") { search.text == "conflict" }
      waitUntil("the results page") {
        // WebKit may report the title after the load finished.
        viewer.state.url?.contains("/.search?q=conflict") == true && viewer.state.phase == .loaded
          && viewer.state.title != nil
      }
      XCTAssertEqual(building, [true, false], "the entry showed the index building, then the results came")
      XCTAssertFalse(dialog.isPreparingSearch)
      XCTAssertEqual(viewer.state.title, "Search results for “conflict”")
      let name = BundledScheme.name(for: book)
      let links = evaluate(
        "Array.from(document.querySelectorAll('li > a')).map(a => a.href).join(' ')", in: viewer.webView)
      XCTAssertEqual(links?.split(separator: " ").first.map(String.init), "help-viewer://\(name)/sync.html#conflicts")
      XCTAssertTrue(
        links?.split(separator: " ").allSatisfy { $0.hasPrefix("help-viewer://\(name)/") } == true, links ?? "")
      XCTAssertEqual(evaluate("document.querySelector('mark').textContent", in: viewer.webView), "conflict")

      _ = evaluate("document.querySelector('li > a').click(); 'ok'", in: viewer.webView)
      waitUntil("the result's page at its section") {
        viewer.state.url == "help-viewer://\(name)/sync.html#conflicts" && viewer.state.phase == .loaded
      }
      waitUntil("scrolled to the section") {
        Int(evaluate("String(Math.round(window.scrollY))", in: viewer.webView) ?? "") ?? 0 > 2000
      }
      XCTAssertTrue(viewer.state.canGoBack, "back returns to the results")
    }
  }

  func testAMisspeltWordShowsTheCorrectionAndTheLinkSearchesForTheOriginal() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      Localization.setLanguages([])
      defer { Localization.setLanguages(nil) }
      let dialog = HelpDialog.present(book: book)
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("the index") { viewer.state.title == "Notebook Help Contents" && viewer.state.phase == .loaded }
      XCTAssertTrue(dialog.openSearch("conflcts"))
      waitUntil("the corrected results") {
        viewer.state.url?.contains("/.search?q=conflcts") == true && viewer.state.phase == .loaded
          && viewer.state.title == "Search results for “conflicts”"
      }
      XCTAssertEqual(
        evaluate("document.querySelector('.corrected').textContent", in: viewer.webView),
        "Showing results for “conflicts”. Search for “conflcts” instead")
      XCTAssertEqual(
        evaluate("document.querySelector('mark').textContent", in: viewer.webView), "conflicts",
        "the corrected word is marked")
      _ = evaluate("document.querySelector('a.original').click(); 'ok'", in: viewer.webView)
      waitUntil("the results for the words as typed") {
        viewer.state.url?.hasSuffix("/.search?q=conflcts&exact=1") == true && viewer.state.phase == .loaded
          && viewer.state.title == "Search results for “conflcts”"
      }
      XCTAssertEqual(
        evaluate("String(document.querySelector('.corrected') === null)", in: viewer.webView), "true")
      XCTAssertEqual(
        evaluate("document.querySelector('.none strong').textContent", in: viewer.webView), "No results for “conflcts”")
      XCTAssertTrue(viewer.state.canGoBack, "back returns to the corrected results")
    }
  }

  func testEscClosesSearchFirstAndCtrlFStaysFindInPage() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      let dialog = HelpDialog.present(topic: "sync", in: book)
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("the page") { viewer.state.title == "Syncing notes" && viewer.state.phase == .loaded }
      let search = try XCTUnwrap(dialog.bookSupport?.search)
      gtk_widget_activate(search.toggle.widget)
      waitUntil("the toggle opened search") { dialog.isSearchOpen }
      try pressKeys("Escape", in: dialog.gtkWindow)
      waitUntil("Esc closed search") { !dialog.isSearchOpen }
      XCTAssertTrue(dialog.isOpen, "the first Esc only closes search")
      try pressKeys("ctrl+f", in: dialog.gtkWindow)
      waitUntil("Ctrl+F opened the find bar") { viewer.model.findState.isShown }
      XCTAssertFalse(dialog.isSearchOpen, "Ctrl+F is find in page, not help search")
    }
  }

  func testHostileQueryTextIsShownEscapedAndRunsNothing() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      HelpViewerEngine.prepareSearch(book)
      waitUntil("the index built ahead") { HelpViewerEngine.isSearchReady(book) }
      let dialog = HelpDialog.present(book: book)
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("the index page") { viewer.state.phase == .loaded }
      let hostile = #"<img src=x onerror="document.title='pwned'">" NEAR(sync*) '; DROP TABLE pages; --"#
      dialog.openSearch(hostile)
      waitUntil("the results page") { viewer.state.url?.contains("/.search?") == true && viewer.state.phase == .loaded }
      XCTAssertFalse(dialog.isPreparingSearch, "a prepared index answers at once")
      XCTAssertEqual(evaluate("String(document.querySelectorAll('img, script').length)", in: viewer.webView), "0")
      XCTAssertEqual(
        evaluate("document.querySelector('h1').textContent.includes('<img src=x')", in: viewer.webView), "true")
      XCTAssertNotEqual(viewer.state.title, "pwned")
      XCTAssertNil(viewer.state.error)
    }
  }

  func testTheResultsPageFollowsTheDarkPreference() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      DarkPreference.isPreferred = true
      defer { DarkPreference.isPreferred = false }
      let dialog = HelpDialog.present(book: book)
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("the index") { viewer.state.phase == .loaded }
      dialog.openSearch("notes")
      waitUntil("the results page") {
        viewer.state.url?.contains("/.search?q=notes") == true && viewer.state.phase == .loaded
      }
      XCTAssertEqual(evaluate("getComputedStyle(document.body).backgroundColor", in: viewer.webView), "rgb(30, 30, 30)")
      DarkPreference.isPreferred = false
      waitUntil("light again, live") {
        evaluate("getComputedStyle(document.body).backgroundColor", in: viewer.webView) == "rgb(255, 255, 255)"
      }
    }
  }

  func testEnterInTheEntryOpensTheBestResultAtItsSection() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      let dialog = HelpDialog.present(book: book)
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("the index") { viewer.state.phase == .loaded }
      dialog.openSearch("conflict")
      waitUntil("the results page") {
        viewer.state.url?.contains("/.search?q=conflict") == true && viewer.state.phase == .loaded
      }
      try pressKeys("Return", in: dialog.gtkWindow)
      waitUntil("Enter opened the best result") {
        viewer.state.url?.hasSuffix("/sync.html#conflicts") == true && viewer.state.phase == .loaded
      }
      XCTAssertTrue(viewer.ownsFocus, "the page has the focus, for the keyboard to scroll it")
    }
  }
}
