import Foundation
import XCTest

@testable import HelpViewer

/// What `DialogAfterEndTests` calls an ended dialog with: a help book (`TestBook`), the same
/// pages installed for a `help:testapp` address in a data directory of their own, and a server
/// with `/a` and `/b`.
///
/// ```swift
/// let fixture = try AfterEndFixture()
/// defer { fixture.remove() }
/// fixture.expectInert(dialog)   // after the dialog ended
/// ```
@MainActor
final class AfterEndFixture {
  let book: HelpBook
  let server: TestServer
  /// An XDG data directory holding `help/C/testapp/index.html`.
  let dataDirectory: URL
  private let bookFolder: URL

  init() throws {
    bookFolder = try TestBook.make()
    book = try HelpBook(folder: bookFolder, languages: ["C"])
    dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("hv-data-\(UUID().uuidString)")
    let app = dataDirectory.appendingPathComponent("help/C/testapp")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data(TestBook.page("Test App Help", "<p>installed help</p>").utf8)
      .write(to: app.appendingPathComponent("index.html"))
    server = try TestServer()
    server.route("/a", .page("<title>A</title><p>a"))
    server.route("/b", .page("<title>B</title><p>b"))
  }

  func remove() {
    server.stop()
    TestBook.remove(bookFolder)
    try? FileManager.default.removeItem(at: dataDirectory)
  }

  /// Counts `dialog`'s `onClose` calls.
  func countCloses(of dialog: HelpDialog) -> Counter {
    let counter = Counter()
    dialog.onClose = { counter.count += 1 }
    return counter
  }

  /// Calls every public method of `dialog`, which has ended: each does nothing (its viewer's
  /// state, the search indexes and the browser are untouched) and says so where it returns a
  /// value.
  func expectInert(_ dialog: HelpDialog, file: StaticString = #filePath, line: UInt = #line) {
    let environment = ["XDG_DATA_HOME": dataDirectory.path, "XDG_DATA_DIRS": dataDirectory.path]
    // The address resolves: on a live dialog it would show that page (checked in each run).
    XCTAssertNoThrow(try HelpAddress(parsing: "help:testapp").resolve(environment: environment), file: file, line: line)
    let state = dialog.viewer.state
    let note = dialog.note
    let wasBuilding = SearchIndexes.isBuilding(book)
    var opened: [String] = []
    dialog.viewer.openExternally = { opened.append($0) }

    XCTAssertFalse(dialog.isOpen, file: file, line: line)
    XCTAssertNil(dialog.window, "an ended dialog has no window", file: file, line: line)
    XCTAssertNil(note, "an ended dialog shows no note", file: file, line: line)
    XCTAssertFalse(dialog.openSearch("sync"), "openSearch", file: file, line: line)
    XCTAssertFalse(dialog.openSearch(), "openSearch()", file: file, line: line)
    XCTAssertFalse(dialog.isSearchOpen, file: file, line: line)
    XCTAssertFalse(dialog.isPreparingSearch, file: file, line: line)
    XCTAssertFalse(dialog.show(topic: "no-such-page", in: book), "show(topic:)", file: file, line: line)
    XCTAssertFalse(dialog.show(topic: "sync", section: "conflicts", in: book), "show(topic:)", file: file, line: line)
    XCTAssertNil(dialog.note, "no note after show(topic:)", file: file, line: line)
    XCTAssertFalse(dialog.show(book: book), "show(book:)", file: file, line: line)
    XCTAssertFalse(
      dialog.load(helpAddress: "help:testapp", environment: environment), "load(helpAddress:)", file: file,
      line: line)
    XCTAssertFalse(
      dialog.load(helpAddress: "help:", environment: environment), "a bad help: address", file: file, line: line)
    dialog.openInBrowser()
    dialog.present()
    dialog.close()
    dialog.close()
    XCTAssertEqual(opened, [], "openInBrowser opened nothing", file: file, line: line)
    XCTAssertFalse(dialog.isOpen, "present() did not bring it back", file: file, line: line)
    XCTAssertNil(dialog.window, file: file, line: line)
    // Its viewer too (its web view may be the next dialog's now): every method does nothing.
    let viewer = dialog.viewer
    let zoom = viewer.zoomLevel
    XCTAssertEqual(viewer.load(server.url("/a")), 0, "viewer.load", file: file, line: line)
    XCTAssertEqual(viewer.load(address: "help:testapp"), 0, "viewer.load(address:)", file: file, line: line)
    viewer.reload()
    viewer.stop()
    viewer.goBack()
    viewer.goForward()
    viewer.zoomIn()
    viewer.showFindBar()
    viewer.find("sync")
    viewer.findNext()
    viewer.whenPageAnswers { XCTFail("an ended dialog's viewer ran a script", file: file, line: line) }
    XCTAssertFalse(viewer.hideFindBar(), "no find bar shown", file: file, line: line)
    XCTAssertFalse(viewer.canPrint, file: file, line: line)
    XCTAssertEqual(viewer.zoomLevel, zoom, "no zoom", file: file, line: line)
    XCTAssertEqual(dialog.viewer.state, state, "the viewer was asked for nothing", file: file, line: line)
    XCTAssertEqual(SearchIndexes.isBuilding(book), wasBuilding, "no index build started", file: file, line: line)
  }

  /// A count a closure can change.
  final class Counter {
    var count = 0
  }
}
