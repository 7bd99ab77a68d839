import Foundation
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer
@testable import HelpViewerBooks

/// Mallard help in real viewers (issue 19): `help:` addresses of installed Mallard help, links
/// between its pages and to other apps' help (`help:` links by click, script and meta refresh),
/// and errors of their own for missing help, DocBook and a missing yelp-xsl.
final class MallardViewerTests: GtkTestCase {
  /// The Mallard test book in the source tree (a guide, two topics, a German translation
  /// lacking `share`).
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../HelpViewerBooksTests/Fixtures/MallardBook", isDirectory: true).standardizedFileURL
  static var hasYelpXSL: Bool {
    FileManager.default.fileExists(atPath: "/usr/share/yelp-xsl/xslt/mallard/html/mal2html.xsl")
  }

  /// XDG data directories holding the test book as app `notes` (Mallard) and an HTML app
  /// `other` whose pages link to `help:notes/…` by click and by meta refresh.
  struct InstalledHelp {
    let data: URL
    var environment: [String: String] { ["XDG_DATA_HOME": data.path, "XDG_DATA_DIRS": "/nonexistent"] }

    init() throws {
      data = FileManager.default.temporaryDirectory.appendingPathComponent("hv-mallard-\(UUID().uuidString)")
      let manager = FileManager.default
      try manager.createDirectory(at: data.appendingPathComponent("help/de"), withIntermediateDirectories: true)
      try manager.copyItem(at: fixture.appendingPathComponent("C"), to: data.appendingPathComponent("help/C/notes"))
      try manager.copyItem(at: fixture.appendingPathComponent("de"), to: data.appendingPathComponent("help/de/notes"))
      let pages = [
        "index.html": TestBook.page(
          "Other Help", "<p><a id=\"to-notes\" href=\"help:notes/sync#conflicts\">Notes</a></p>"),
        "refresh.html":
          "<html><head><meta http-equiv=\"refresh\" content=\"0; url=help:notes/share\"><title>Moving</title></head><body></body></html>",
        "files.html": TestBook.page("Files", "<h1>Files</h1>"),
      ]
      for (name, text) in pages {
        let file = data.appendingPathComponent("help/C/other/\(name)")
        try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
      }
    }

    func remove() { try? FileManager.default.removeItem(at: data) }
  }

  func testHelpAddressShowsMallardPagesAndTheirLinksWork() throws {
    try XCTSkipUnless(Self.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      let help = try InstalledHelp()
      defer { help.remove() }
      let dialog = HelpDialog(title: "Help")
      dialog.present()
      defer { dialog.close() }
      let viewer = dialog.viewer
      dialog.load(helpAddress: "help:notes", environment: help.environment, languages: ["C"])
      waitUntil("the guide") { viewer.state.title == "Notes Help" && viewer.state.phase == .loaded }
      XCTAssertEqual(dialog.book?.format, .mallard)
      let name = BundledScheme.name(for: try XCTUnwrap(dialog.book))
      XCTAssertEqual(viewer.state.url, "help-viewer://\(name)/index.html")
      XCTAssertEqual(
        evaluate("document.querySelector('a[href=\"sync.html\"]') ? 'yes' : 'no'", in: viewer.webView), "yes",
        "the guide links to its topics")

      _ = evaluate("document.querySelector('a[href=\"sync.html\"]').click(); 'ok'", in: viewer.webView)
      waitUntil("the topic") { viewer.state.title == "Synchronize notes" && viewer.state.phase == .loaded }
      XCTAssertEqual(
        evaluate("String(document.querySelector('img').naturalWidth)", in: viewer.webView), "4",
        "the figure is served from the book")

      // A cross-app help: link (Mallard's href="help:…") opens the other app's help here.
      dialog.load(helpAddress: "help:notes/share", environment: help.environment, languages: ["C"])
      waitUntil("share") { viewer.state.title == "Share a note" && viewer.state.phase == .loaded }
      _ = evaluate(
        "document.querySelector('a[href=\"help:gnome-help/files\"]').href = 'help:other/files';"
          + "document.querySelector('a[href=\"help:other/files\"]').click(); 'ok'", in: viewer.webView)
      waitUntil("the other app's page") { viewer.state.title == "Files" && viewer.state.phase == .loaded }
      XCTAssertEqual(dialog.book?.format, .html, "search now covers the other app's help")
    }
  }

  func testHelpLinksInHTMLBooksOpenByClickAndMetaRefresh() throws {
    try XCTSkipUnless(Self.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      let help = try InstalledHelp()
      defer { help.remove() }
      let dialog = HelpDialog(title: "Help")
      dialog.present()
      defer { dialog.close() }
      let viewer = dialog.viewer
      dialog.load(helpAddress: "help:other", environment: help.environment, languages: ["de"])
      waitUntil("the HTML index") { viewer.state.title == "Other Help" && viewer.state.phase == .loaded }
      _ = evaluate("document.getElementById('to-notes').click(); 'ok'", in: viewer.webView)
      waitUntil("the German Mallard page") {
        viewer.state.title == "Notizen abgleichen" && viewer.state.phase == .loaded
      }
      XCTAssertTrue(viewer.state.url?.hasSuffix("/sync.html#conflicts") == true, viewer.state.url ?? "")
      waitUntil("the figure, from C/ (de/ has none)") {
        evaluate("String(document.querySelector('img').naturalWidth)", in: viewer.webView) == "4"
      }

      dialog.load(helpAddress: "help:other/refresh", environment: help.environment, languages: ["de"])
      waitUntil("the meta refresh's page, in C (de lacks it)") {
        viewer.state.title == "Share a note" && viewer.state.phase == .loaded
      }
      // A script's location change follows the same rule.
      _ = evaluate("location.href = 'help:notes/index'; 'ok'", in: viewer.webView)
      waitUntil("the script's page") { viewer.state.title == "Notizen-Hilfe" && viewer.state.phase == .loaded }
    }
  }

  func testMissingHelpIsAnErrorOfItsOwnWithoutRetry() throws {
    try XCTSkipUnless(Self.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      let help = try InstalledHelp()
      defer { help.remove() }
      let dialog = HelpDialog(title: "Help")  // In English: setUp chose no language.
      dialog.present()
      defer { dialog.close() }
      let viewer = dialog.viewer
      dialog.load(helpAddress: "help:notes/calendar", environment: help.environment, languages: ["C"])
      waitUntil("the error view") { viewer.state.error != nil }
      XCTAssertEqual(viewer.state.error?.kind, .helpNotFound)
      XCTAssertEqual(viewer.errorView.shownText.message, "The help page “calendar” is not in the help for “notes”.")
      XCTAssertEqual(gtk_widget_get_visible(gcast(viewer.errorView.retryButton)), 0, "Retry cannot help")
      dialog.load(helpAddress: "help:nosuchapp", environment: help.environment)
      waitUntil("the next error") { viewer.state.error?.url == "help:nosuchapp" }
      XCTAssertEqual(viewer.errorView.shownText.message, "No help is installed for “nosuchapp”.")
      XCTAssertFalse(viewer.errorView.shownText.message.contains("HTTP"))
      // Given as an address (typed into an address entry), a help: address is followed too.
      viewer.load(address: " help:notes/share ")
      waitUntil("the typed address's page") { viewer.state.title == "Share a note" && viewer.state.phase == .loaded }
      viewer.load(address: "HELP:nosuchapp-typed")
      waitUntil("the typed address's error") { viewer.state.error?.url == "help:nosuchapp-typed" }
      XCTAssertEqual(viewer.state.error?.kind, .helpNotFound)
    }
  }

  func testDocBookAndAMissingYelpXSLAreErrorsOfTheirOwn() throws {
    try onMain {
      let docbook = FileManager.default.temporaryDirectory.appendingPathComponent("hv-docbook-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: docbook) }
      try FileManager.default.createDirectory(
        at: docbook.appendingPathComponent("C"), withIntermediateDirectories: true)
      try Data("<book/>".utf8).write(to: docbook.appendingPathComponent("C/index.docbook"))
      let dialog = HelpDialog.present(book: try HelpBook(folder: docbook, languages: []))
      defer { dialog.close() }
      waitUntil("DocBook's error") { dialog.viewer.state.error != nil }
      XCTAssertEqual(dialog.viewer.state.error?.kind, .helpFormatUnsupported)

      let missing = URL(fileURLWithPath: "/nonexistent/yelp-xsl-\(UUID().uuidString)")
      let book = try HelpBook(folder: Self.fixture, languages: [], stylesheets: missing)
      dialog.show(topic: "sync", in: book)
      waitUntil("yelp-xsl's error") { dialog.viewer.state.error?.kind == .helpRendererMissing }
      XCTAssertNil(dialog.note, "not a missing topic")
      XCTAssertTrue(dialog.viewer.state.error?.message.contains("yelp-xsl") == true)
    }
  }

  /// A copy of the test book (none of its pages kept from another test) while the renderer's
  /// queue for that book is held, as a long render would hold it.
  final class HeldRenderer {
    let copy = FileManager.default.temporaryDirectory.appendingPathComponent("hv-mallard-\(UUID().uuidString)")
    let book: HelpBook
    private let gate = DispatchSemaphore(value: 0)
    private var isHeld = true

    init() throws {
      try FileManager.default.copyItem(at: MallardViewerTests.fixture, to: copy)
      book = try HelpBook(folder: copy, languages: [])
      MallardRenderer.queue(for: book).async { [gate] in gate.wait() }
    }

    /// Holds the renderer's queue again (after `release()`): what is queued from now on waits.
    func hold() {
      guard !isHeld else { return }
      isHeld = true
      MallardRenderer.queue(for: book).async { [gate] in gate.wait() }
    }

    func release() {
      if isHeld { gate.signal() }
      isHeld = false
    }

    deinit {
      release()
      try? FileManager.default.removeItem(at: copy)
    }
  }

  func testMallardPagesRenderOffTheMainThread() throws {
    try XCTSkipUnless(Self.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      let held = try HeldRenderer()
      let dialog = HelpDialog.present(topic: "sync", in: held.book)
      defer { dialog.close() }
      let viewer = dialog.viewer
      // The main loop goes on while the page's request waits for its render.
      waitUntil("the page's request waits for its render") { BundledScheme.rendersAwaited == 1 }
      XCTAssertEqual(viewer.state.phase, .loading)
      held.release()
      waitUntil("the page, once rendered") {
        viewer.state.title == "Synchronize notes" && viewer.state.phase == .loaded
      }
      XCTAssertEqual(BundledScheme.rendersAwaited, 0)
    }
  }

  func testADialogClosedWhileItsPageRendersEndsCleanly() throws {
    try XCTSkipUnless(Self.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      let held = try HeldRenderer()
      do {
        let dialog = HelpDialog.present(topic: "sync", in: held.book)
        waitUntil("the page's request waits for its render") { BundledScheme.rendersAwaited == 1 }
        dialog.close()
      }
      held.release()
      // The answer goes to a request no one waits for any more: nothing breaks.
      waitUntil("the render answered") { BundledScheme.rendersAwaited == 0 }
      let next = HelpDialog.present(topic: "share", in: held.book)
      defer { next.close() }
      waitUntil("the next dialog's page") {
        next.viewer.state.title == "Share a note" && next.viewer.state.phase == .loaded
      }
    }
  }

  func testALinkFollowedFindsItsPageRenderedAlready() throws {
    try XCTSkipUnless(Self.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      let held = try HeldRenderer()
      held.release()
      let book = held.book
      let dialog = HelpDialog.present(topic: "index", in: book)
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("the guide") { viewer.state.title == "Notes Help" && viewer.state.phase == .loaded }
      // Shown, the guide's links render in the background: no click asked for them.
      let linked = try ["sync", "share"].map { try book.page(id: $0) }
      waitUntil("the pages the guide links to, rendered") {
        linked.allSatisfy { MallardRenderer.shared.keptHTML(of: $0, in: book) != nil }
      }
      // With the renderer's queue held, a click can only be answered from the pages kept.
      held.hold()
      _ = evaluate("document.querySelector('a[href=\"sync.html\"]').click(); 'ok'", in: viewer.webView)
      waitUntil("the linked page, while the renderer is held") {
        viewer.state.title == "Synchronize notes" && viewer.state.phase == .loaded
      }
      XCTAssertEqual(BundledScheme.rendersAwaited, 0)
    }
  }

  func testAClosedDialogStopsRenderingItsPagesLinks() throws {
    try XCTSkipUnless(Self.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      let held = try HeldRenderer()
      held.release()
      let book = held.book
      // The index rendered already; its links wait behind the held queue while it shows.
      _ = try book.page(id: "index").html()
      held.hold()
      let dialog = HelpDialog.present(topic: "index", in: book)
      let viewer = dialog.viewer
      // No link renders before the page has loaded: it would take the CPU from the page's load.
      var preparingBeforeLoaded: [Bool] = []
      viewer.onStateChange = { state in
        if state.phase != .loaded { preparingBeforeLoaded.append(MallardRenderer.shared.isPreparingLinks) }
      }
      waitUntil("the guide") { viewer.state.title == "Notes Help" && viewer.state.phase == .loaded }
      XCTAssertFalse(preparingBeforeLoaded.isEmpty)
      XCTAssertEqual(preparingBeforeLoaded.filter { $0 }, [], "links asked for before the page loaded")
      XCTAssertTrue(MallardRenderer.shared.isPreparingLinks)
      dialog.close()
      held.release()
      waitUntil("the links dropped") { !MallardRenderer.shared.isPreparingLinks }
      for id in ["sync", "share"] {
        XCTAssertNil(MallardRenderer.shared.keptHTML(of: try book.page(id: id), in: book), "\(id) rendered")
      }
    }
  }

  func testMallardPagesFollowTheDarkPreference() throws {
    try XCTSkipUnless(Self.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      defer { DarkPreference.isPreferred = false }
      DarkPreference.isPreferred = true
      let book = try HelpBook(folder: Self.fixture, languages: [])
      let dialog = HelpDialog.present(topic: "sync", in: book)
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("the topic") { viewer.state.title == "Synchronize notes" && viewer.state.phase == .loaded }
      let background = "getComputedStyle(document.body).backgroundColor"
      XCTAssertEqual(evaluate(background, in: viewer.webView), "rgb(36, 36, 36)")
      DarkPreference.isPreferred = false
      waitUntil("the page turned light") { evaluate(background, in: viewer.webView) == "rgb(255, 255, 255)" }
    }
  }
}
