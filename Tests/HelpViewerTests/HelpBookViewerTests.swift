import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Help books in real viewers: pages served per page and language by the bundled scheme,
/// topics and sections, the note for an unknown topic, help: addresses, context help, terms.
final class HelpBookViewerTests: GtkTestCase {
  func testATopicOpensItsPageScrolledToTheSectionAndLinksBetweenPagesWork() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      let dialog = HelpDialog.present(topic: "sync", section: "conflicts", in: book)
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("the topic loaded") { viewer.state.phase == .loaded && viewer.state.title == "Syncing notes" }
      let name = BundledScheme.name(for: book)
      XCTAssertEqual(viewer.state.url, "help-viewer://\(name)/sync.html#conflicts")
      XCTAssertNil(dialog.note)
      waitUntil("the page scrolled to the section") {
        Int(evaluate("String(Math.round(window.scrollY))", in: viewer.webView) ?? "") ?? 0 > 2000
      }
      XCTAssertEqual(
        evaluate("getComputedStyle(document.body).color", in: viewer.webView), "rgb(1, 2, 3)",
        "the page's style sheet comes from the book too")

      viewer.load(book: book)
      waitUntil("the index loaded") { viewer.state.title == "Notebook Help Contents" && viewer.state.phase == .loaded }
      _ = evaluate("document.querySelector('a[href=\"other.html\"]').click(); 'ok'", in: viewer.webView)
      // WebKit may report the title after the load finished: wait for it too.
      waitUntil("the link opened the other page, with its title") {
        viewer.state.url == "help-viewer://\(name)/other.html" && viewer.state.phase == .loaded
          && viewer.state.title == "Other things"
      }
    }
  }

  func testAnUnknownTopicShowsTheIndexWithANoteThatGoesOnceAnotherPageShows() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      let dialog = Localization.withLanguages([]) { HelpDialog.present(topic: "no-such-topic", in: book) }
      defer { dialog.close() }
      let viewer = dialog.viewer
      let recorder = StateRecorder(viewer)
      waitUntil("the index loaded instead") {
        viewer.state.title == "Notebook Help Contents" && viewer.state.phase == .loaded
      }
      XCTAssertEqual(dialog.note, "The help page “no-such-topic” was not found; showing the contents.")
      XCTAssertNil(viewer.state.error, "never a blank page or an error for an unknown topic")
      // A topic that is a path is refused the same way, and shows the index.
      let mark = recorder.mark
      dialog.show(topic: "../etc/passwd", in: book)
      waitUntil("the index again") { recorder.phases(since: mark).contains("loading") && viewer.state.phase == .loaded }
      XCTAssertNotNil(dialog.note)
      _ = evaluate("document.querySelector('a[href=\"other.html\"]').click(); 'ok'", in: viewer.webView)
      waitUntil("another page") { viewer.state.title == "Other things" && viewer.state.phase == .loaded }
      XCTAssertNil(
        dialog.note,
        """
        the note was about the index page only; shown: \(viewer.state.url ?? "-") \(viewer.state.phase); states: \
        \(recorder.samples.map { "\($0.state.phase.name) \($0.state.url ?? "-") \($0.state.title ?? "-")" })
        """)
      let german = Localization.withLanguages(["de"]) { HelpDialog.present(topic: "fehlt", in: book) }
      defer { german.close() }
      XCTAssertEqual(german.note, "Die Hilfeseite „fehlt“ wurde nicht gefunden; der Inhalt wird angezeigt.")
    }
  }

  func testGermanPagesWithPerPageFallbackToC() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["de_DE.UTF-8"])
      let viewer = LoadingWebView(book: book, topic: "sync", section: "conflicts")
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      waitUntil("the German page") { viewer.state.title == "Notizen abgleichen" && viewer.state.phase == .loaded }
      XCTAssertEqual(viewer.load(topic: "other", in: book), nil)
      waitUntil("the page German lacks, in C") { viewer.state.title == "Other things" && viewer.state.phase == .loaded }
      XCTAssertEqual(viewer.load(topic: "missing", in: book)?.kind, .pageNotFound, "embedded viewers say why, too")
      waitUntil("the German index instead") { viewer.state.title == "Inhalt der Notizbuch-Hilfe" }
    }
  }

  func testHelpAddressesResolveThroughTemporaryXDGDataDirectories() throws {
    try onMain {
      let data = FileManager.default.temporaryDirectory.appendingPathComponent("hv-xdg-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: data) }
      let app = data.appendingPathComponent("help/C/notes-app")
      try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
      try Data(TestBook.page("Notes App Help", "<p>Index</p>").utf8).write(to: app.appendingPathComponent("index.html"))
      try Data(TestBook.page("Sharing", "\(TestBook.spacer)<h2 id=\"links\">Links</h2>").utf8)
        .write(to: app.appendingPathComponent("sharing.html"))
      let environment = ["XDG_DATA_HOME": data.path, "XDG_DATA_DIRS": "/nonexistent"]

      let dialog = HelpDialog(title: "Help")
      dialog.present()
      defer { dialog.close() }
      let viewer = dialog.viewer
      dialog.load(helpAddress: "help:notes-app/sharing#links", environment: environment, languages: ["C"])
      waitUntil("the help: page") { viewer.state.title == "Sharing" && viewer.state.phase == .loaded }
      XCTAssertTrue(viewer.state.url?.hasSuffix("/sharing.html#links") == true, viewer.state.url ?? "")
      XCTAssertEqual(dialog.book?.layout, .installed, "search covers the app's installed help")

      dialog.load(helpAddress: "help:no-such-app", environment: environment, languages: ["C"])
      waitUntil("the error view") { viewer.state.error != nil }
      XCTAssertEqual(viewer.state.error?.kind, .helpNotFound)
      XCTAssertEqual(viewer.state.error?.message, "No help is installed for “no-such-app”.")
      XCTAssertEqual(viewer.state.error?.details, "No help for “no-such-app” is installed.")
      dialog.load(helpAddress: "help:notes-app/%2e%2e%2fsecret", environment: environment, languages: ["C"])
      waitUntil("refused") { viewer.state.error?.kind == .blockedByPolicy }
      dialog.load(helpAddress: "help:notes-app/nothing-here", environment: environment, languages: ["C"])
      waitUntil("a missing page") {
        viewer.state.error?.details == "No page “nothing-here” in the help for “notes-app”."
      }
    }
  }

  func testContextHelpOpensTheTopicOfTheFocusedWidgetOrItsNearestTaggedParent() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      let box: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
      let tagged: UnsafeMutablePointer<GtkWidget> = gtk_entry_new()
      let untagged: UnsafeMutablePointer<GtkWidget> = gtk_entry_new()
      let panel: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
      gtk_box_append(gcast(panel), tagged)
      gtk_box_append(gcast(box), panel)
      gtk_box_append(gcast(box), untagged)
      HelpTopics.tag(UnsafeMutableRawPointer(panel), topic: "sync", section: "conflicts")
      let window = showInWindow(box)
      defer { gtk_window_destroy(window) }

      gtk_widget_grab_focus(tagged)
      XCTAssertEqual(
        HelpTopics.topic(forFocusIn: UnsafeMutableRawPointer(window)), HelpTopic(page: "sync", section: "conflicts"))
      let dialog = HelpDialog.presentContextHelp(in: book, over: UnsafeMutableRawPointer(window))
      waitUntil("the tagged topic") {
        dialog.viewer.state.title == "Syncing notes" && dialog.viewer.state.phase == .loaded
      }
      XCTAssertTrue(dialog.viewer.state.url?.hasSuffix("/sync.html#conflicts") == true)
      dialog.close()

      gtk_widget_grab_focus(untagged)
      XCTAssertNil(HelpTopics.topic(forFocusIn: UnsafeMutableRawPointer(window)))
      let index = HelpDialog.presentContextHelp(in: book, over: UnsafeMutableRawPointer(window))
      defer { index.close() }
      waitUntil("the index") { index.viewer.state.title == "Notebook Help Contents" }
      XCTAssertNil(index.note, "no topic is not an unknown topic")
      HelpTopics.tag(UnsafeMutableRawPointer(panel), topic: nil)
      XCTAssertNil(HelpTopics.topic(of: UnsafeMutableRawPointer(panel)))
    }
  }

  func testATermsBookShowsTheChosenLanguageAndTheReceiptRecordsIt() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let terms = try HelpBook(folder: folder, languages: ["de"])
      let german = TermsDialog(book: terms, page: "index")
      german.present()
      waitUntil("the German terms") { german.viewer.state.title == "Inhalt der Notizbuch-Hilfe" && german.canAccept }
      german.accept()
      guard case .accepted(let receipt) = german.decision else {
        return XCTFail("accepted: \(String(describing: german.decision))")
      }
      XCTAssertEqual(receipt.language, "de")
      XCTAssertTrue(receipt.requestedURL.hasSuffix("/index.html"), receipt.requestedURL)

      let fallback = TermsDialog(book: terms, page: "other")
      fallback.present()
      waitUntil("the page German lacks") { fallback.viewer.state.title == "Other things" && fallback.canAccept }
      fallback.accept()
      guard case .accepted(let second) = fallback.decision else { return XCTFail("accepted") }
      XCTAssertEqual(second.language, "C", "the receipt says the C page was accepted")
    }
  }

  func testF1OpensContextHelpForTheFocusedWidget() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      let entry: UnsafeMutablePointer<GtkWidget> = gtk_entry_new()
      HelpTopics.tag(UnsafeMutableRawPointer(entry), topic: "other")
      let window = showInWindow(entry, title: "F1 host")
      defer { gtk_window_destroy(window) }
      HelpTopics.installHelpKey(in: UnsafeMutableRawPointer(window), book: book)
      gtk_widget_grab_focus(entry)
      try pressKeys("F1", in: window)
      var shown: UnsafeMutablePointer<GtkWindow>?
      waitUntil("F1 opened the entry's topic in a dialog") {
        shown = toplevel(titled: "Other things")
        return shown != nil
      }
      XCTAssertEqual(gtk_window_get_transient_for(shown), window, "over the window F1 was pressed in")
      if let shown { gtk_window_destroy(shown) }
    }
  }
}

/// The toplevel window titled `title`, if GTK has one.
@MainActor
private func toplevel(titled title: String) -> UnsafeMutablePointer<GtkWindow>? {
  let windows = gtk_window_get_toplevels()
  for index in 0..<g_list_model_get_n_items(windows) {
    guard let item = g_list_model_get_item(windows, index) else { continue }
    g_object_unref(item)
    let window: UnsafeMutablePointer<GtkWindow> = gcast(item)
    if gtk_window_get_title(window).map({ String(cString: $0) }) == title { return window }
  }
  return nil
}
