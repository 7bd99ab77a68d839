import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// A dialog whose window is gone touches nothing (issue 18.3): after each way of ending (its
/// `close()`, its parent destroyed, its application quitting) every public method does nothing
/// and says so, `window` is `nil` (never the next dialog's kept window), and an index that
/// finishes building after the close leaves the search bar alone. Run under AddressSanitizer too
/// (`scripts/test.sh --sanitize address --filter DialogAfterEndTests`): a write into a freed
/// widget is a report there, a crash or a GTK critical here.
final class DialogAfterEndTests: GtkTestCase {
  func testEveryMethodOfAClosedBookDialogDoesNothing() throws {
    try onMain {
      let fixture = try AfterEndFixture()
      defer { fixture.remove() }
      let dialog = HelpDialog.present(topic: "no-such-page", in: fixture.book, title: "Closed book")
      let closed = fixture.countCloses(of: dialog)
      waitUntil("the index page") { dialog.viewer.state.phase == .loaded }
      XCTAssertNotNil(dialog.note, "the note about the missing page shows")
      let window = dialog.gtkWindow
      let content = try XCTUnwrap(dialog.bookSupport?.content)
      dialog.close()
      XCTAssertTrue(ViewPool.isKeepingShell, "a book dialog's window is kept for the next dialog")
      XCTAssertNil(gtk_widget_get_parent(content.widget), "without the book's search bar and note")
      fixture.expectInert(dialog)
      XCTAssertEqual(closed.count, 1, "onClose ran once")
      // Once the next dialog has its window, the closed one still puts nothing into it.
      waitUntil("the window is kept and ready") { ViewPool.hasReadyShell }
      let next = HelpDialog.present(fixture.server.url("/b"), title: "Next")
      defer { next.close() }
      XCTAssertEqual(next.gtkWindow, window, "the next dialog took the kept window")
      fixture.expectInert(dialog)
      XCTAssertNil(next.bookSupport, "the closed dialog's show(book:) put nothing into the next one's window")
      XCTAssertEqual(gtk_window_get_child(window), next.viewer.gtkWidget)
      XCTAssertTrue(next.isOpen)
    }
  }

  func testABookDialogsSearchAndNoteWidgetsOutliveItsWindowAndGoWithTheDialog() throws {
    try onMain {
      let fixture = try AfterEndFixture()
      defer { fixture.remove() }
      // A destroyed window here (a kept one: BookDialogReuseTests).
      HelpViewerEngine.reusesDialogWindows = false
      var dialog: HelpDialog? = HelpDialog.present(topic: "no-such-page", in: fixture.book, title: "Freed")
      weak let weakDialog = dialog
      let widgets = try XCTUnwrap(dialog.flatMap(bookWidgets))
      let window = GWeakObject(try XCTUnwrap(dialog?.gtkWindow))
      waitUntil("the index page") { dialog?.viewer.state.phase == .loaded }
      dialog?.close()
      XCTAssertFalse(window.isAlive)
      XCTAssertTrue(widgets.allSatisfy(\.isAlive), "the dialog's parts hold their widgets")
      dialog = nil
      XCTAssertNil(weakDialog, "nothing else holds a closed dialog")
      waitUntil("every widget freed with the dialog") { widgets.allSatisfy { !$0.isAlive } }
    }
  }

  func testAClosedDialogLeavesTheNextDialogThatTookItsWindowAlone() throws {
    try onMain {
      let fixture = try AfterEndFixture()
      defer { fixture.remove() }
      let first = HelpDialog.present(fixture.server.url("/a"), title: "First")
      waitUntil("A loaded") { first.viewer.state.phase == .loaded }
      let kept = first.gtkWindow
      first.close()
      XCTAssertNil(first.window, "a closed dialog's window is not its own any more")
      waitUntil("the window is kept and ready") { ViewPool.hasReadyShell }
      let second = HelpDialog.present(fixture.server.url("/b"), title: "Second")
      defer { second.close() }
      XCTAssertEqual(second.gtkWindow, kept, "the next dialog took the kept window")
      // WebKit may report the title after the load finished.
      waitUntil("B loaded, with its title") { second.viewer.state.phase == .loaded && second.viewer.state.title == "B" }
      let secondState = second.viewer.state

      fixture.expectInert(first)
      XCTAssertNil(first.window, "never the next dialog's window")
      XCTAssertEqual(second.window, OpaquePointer(kept))
      XCTAssertTrue(second.isOpen, "the first dialog's close() did not close the second")
      XCTAssertNil(second.bookSupport, "the first dialog's show(book:) put nothing into the second's window")
      XCTAssertEqual(gtk_window_get_child(kept), second.viewer.gtkWidget)
      XCTAssertEqual(gtk_window_get_title(kept).map { String(cString: $0) }, "B")
      XCTAssertEqual(second.viewer.state, secondState, "the second dialog's page is as it was")
      XCTAssertFalse(second.viewer.model.findState.isShown, "the first dialog's viewer showed no find bar")
      XCTAssertEqual(second.viewer.zoomLevel, 1, "nor zoomed the page")
      var answered = false
      second.viewer.whenPageAnswers { answered = true }
      waitUntil("the shared web view's page answers (after any script the first viewer sent)") { answered }
    }
  }

  func testEveryMethodOfABookDialogWhoseParentWasDestroyedDoesNothing() throws {
    try onMain {
      let fixture = try AfterEndFixture()
      defer { fixture.remove() }
      let parent = showInWindow(gtk_label_new("host")!, title: "Doomed book host")
      let dialog = HelpDialog.present(topic: "no-such-page", in: fixture.book, title: "Book", over: parent)
      let closed = fixture.countCloses(of: dialog)
      waitUntil("the index page") { dialog.viewer.state.phase == .loaded }
      XCTAssertTrue(dialog.openSearch("sync"))
      waitUntil("the results page") { dialog.viewer.state.url?.contains("/.search?q=sync") == true }
      let search = try XCTUnwrap(dialog.bookSupport?.search)
      let widgets = [GWeakObject(search.toggle), GWeakObject(UnsafeMutableRawPointer(search.spinner))]
      gtk_window_destroy(parent)
      XCTAssertEqual(closed.count, 1, "the dialog ended with its parent")
      XCTAssertTrue(widgets.allSatisfy(\.isAlive), "the search bar holds its widgets")
      fixture.expectInert(dialog)
    }
  }

  func testEveryMethodOfADialogWhoseParentWasDestroyedBeforeItWasPresentedDoesNothing() throws {
    try onMain {
      let fixture = try AfterEndFixture()
      defer { fixture.remove() }
      let parent = showInWindow(gtk_label_new("host")!, title: "Doomed plain host")
      let dialog = HelpDialog(title: "Never shown", over: parent)
      let closed = fixture.countCloses(of: dialog)
      let window = GWeakObject(dialog.gtkWindow)
      gtk_window_destroy(parent)
      XCTAssertFalse(window.isAlive)
      XCTAssertEqual(closed.count, 1)
      // No book was attached before the end: attaching one now would write into the freed window.
      fixture.expectInert(dialog)
      XCTAssertNil(dialog.bookSupport, "nothing was attached after the end")
    }
  }

  func testEveryMethodOfABookDialogEndedByItsApplicationQuittingDoesNothing() throws {
    try onMain {
      let fixture = try AfterEndFixture()
      defer { fixture.remove() }
      let app = TestApplication()
      var host: UnsafeMutablePointer<GtkWindow>?
      var shown: HelpDialog?
      app.onActivate = {
        let window = app.window(title: "Quitting book host")
        host = window
        let dialog = HelpDialog.present(book: fixture.book, title: "Quitting", over: window)
        shown = dialog
        dialog.viewer.onStateChange = { state in
          if state.phase == .loaded { g_application_quit(gcast(app.application)) }
        }
      }
      let safety = TimeoutSource(seconds: 20) { g_application_quit(gcast(app.application)) }
      defer { safety.cancel() }
      XCTAssertEqual(app.run(), 0)
      XCTAssertTrue(safety.isPending, "the index page loaded and the application quit")
      let dialog = try XCTUnwrap(shown)
      fixture.expectInert(dialog)
      if let host { gtk_window_destroy(host) }
    }
  }

  func testADialogWhoseParentIsDestroyedDuringALoadDoesNothingAfterwards() throws {
    try onMain {
      let fixture = try AfterEndFixture()
      defer { fixture.remove() }
      fixture.server.route("/held", .held("<title>Held</title><p>late"))
      let parent = showInWindow(gtk_label_new("host")!, title: "Doomed during a load")
      let dialog = HelpDialog.present(fixture.server.url("/held"), title: "Loading", over: parent)
      waitUntil("the load reached the server") { fixture.server.hits["/held"] == 1 }
      XCTAssertTrue(dialog.viewer.state.isLoading)
      let title = labelText(dialog.header.titleLabel)
      gtk_window_destroy(parent)
      XCTAssertFalse(dialog.isOpen)
      XCTAssertNil(dialog.window)
      XCTAssertTrue(dialog.viewer.isDetached)
      fixture.server.release("/held")
      waitUntil("the web view stopped loading") { webkit_web_view_is_loading(dialog.viewer.webView) == 0 }
      XCTAssertEqual(labelText(dialog.header.titleLabel), title, "the late page drew nothing into the header")
      fixture.expectInert(dialog)
    }
  }

  func testEveryMethodOfATermsDialogWhoseParentIsDestroyedDuringALoadDoesNothing() throws {
    try onMain {
      let fixture = try AfterEndFixture()
      defer { fixture.remove() }
      fixture.server.route("/terms", .held("<title>Terms</title><p>terms"))
      let parent = showInWindow(gtk_label_new("host")!, title: "Doomed terms host")
      let terms = TermsDialog(fixture.server.url("/terms"), over: parent)
      var answers: [TermsDecision] = []
      terms.onDecision = { answers.append($0) }
      terms.present()
      waitUntil("the terms reached the server") { fixture.server.hits["/terms"] == 1 }
      XCTAssertNotNil(terms.window)
      gtk_window_destroy(parent)
      XCTAssertEqual(answers, [.dismissed])
      XCTAssertNil(terms.window, "an answered terms dialog has no window")
      fixture.server.release("/terms")
      terms.present()
      terms.accept()
      terms.decline()
      terms.dismiss()
      XCTAssertEqual(terms.decision, .dismissed, "the answer stays")
      XCTAssertEqual(answers, [.dismissed], "onDecision ran once")
      XCTAssertFalse(terms.canAccept)
      XCTAssertNil(terms.window)
      XCTAssertEqual(fixture.server.hits["/terms"], 1, "present() asked for nothing")
      var waited: TermsDecision?
      Task { @MainActor in waited = await terms.waitForDecision() }
      waitUntil("waitForDecision answered") { waited != nil }
      XCTAssertEqual(waited, .dismissed)
      fixture.expectInert(terms.sheet)
    }
  }

  func testAnIndexThatFinishesBuildingAfterTheCloseTouchesNothing() throws {
    try onMain {
      let fixture = try AfterEndFixture()
      defer { fixture.remove() }
      let held = HeldBuilds()
      defer { held.release() }
      let dialog = HelpDialog.present(book: fixture.book, title: "Search then close")
      waitUntil("the index page") { dialog.viewer.state.phase == .loaded }
      let search = try XCTUnwrap(dialog.bookSupport?.search)
      var changes: [Bool] = []
      search.onBuildingChange = { changes.append($0) }
      XCTAssertTrue(dialog.openSearch("conflict"))  // What Ctrl+K does, with text typed.
      waitUntil("the build started and is held") { held.waiting == 1 }
      XCTAssertTrue(dialog.isPreparingSearch)
      let spinner: UnsafeMutablePointer<GtkWidget> = gcast(search.spinner)
      let entry: UnsafeMutablePointer<GtkWidget> = gcast(search.entry)
      let widgets = [GWeakObject(spinner), GWeakObject(entry), GWeakObject(search.toggle), GWeakObject(search.bar)]
      let window = dialog.gtkWindow
      dialog.close()
      XCTAssertTrue(ViewPool.isKeepingShell, "the book dialog's window is kept")
      XCTAssertNil(gtk_widget_get_root(search.bar.widget), "without its search bar")
      XCTAssertTrue(widgets.allSatisfy(\.isAlive), "the search bar holds its widgets")
      XCTAssertEqual(gtk_widget_get_visible(spinner), 1)
      let entryTooltip = tooltip(entry)
      // The next book dialog takes the kept window while the closed one's build is still held.
      waitUntil("the window is kept and ready") { ViewPool.hasReadyShell }
      let next = HelpDialog.present(book: fixture.book, title: "Next")
      defer { next.close() }
      XCTAssertEqual(next.gtkWindow, window)
      // With its title: in the ten-run repeat the title came after the load had ended, and the
      // page was taken as changed by the closed dialog's build (run 10 on 64bb2c5).
      waitUntil("its index page") { next.viewer.state.phase == .loaded && next.viewer.state.title != nil }
      let nextState = next.viewer.state

      held.release()
      waitUntil("the index finished building after the close") {
        HelpViewerEngine.isSearchReady(fixture.book) && !SearchIndexes.isBuilding(fixture.book)
      }
      XCTAssertEqual(changes, [true], "nothing changed the search bar after the close")
      XCTAssertEqual(gtk_widget_get_visible(spinner), 1, "the spinner was left alone")
      XCTAssertEqual(tooltip(entry), entryTooltip)
      XCTAssertFalse(dialog.viewer.state.url?.contains("/.search?") == true, "no results page loaded")
      fixture.expectInert(dialog)
      XCTAssertFalse(next.isSearchOpen, "nothing opened the next dialog's search")
      XCTAssertFalse(next.isPreparingSearch)
      XCTAssertEqual(next.bookSupport?.search.text, "")
      XCTAssertEqual(next.viewer.state, nextState, "the next dialog's page is as it was")
    }
  }
}

/// Weak references to the widgets of `dialog`'s book parts: the search bar's, the note's and
/// the box holding them (taken while they surely live).
@MainActor
private func bookWidgets(_ dialog: HelpDialog) -> [GWeakObject]? {
  guard let support = dialog.bookSupport else { return nil }
  let search = support.search
  return [
    GWeakObject(support.content), GWeakObject(search.toggle), GWeakObject(search.bar),
    GWeakObject(UnsafeMutableRawPointer(search.entry)), GWeakObject(UnsafeMutableRawPointer(search.spinner)),
    GWeakObject(support.note.root), GWeakObject(support.note.closeButton),
  ]
}

/// Holds every search index build until `release()` (through `SearchIndexes.builder`, which it
/// wraps: each build waits, then runs as a host's does).
@MainActor
final class HeldBuilds {
  private var continuations: [CheckedContinuation<Void, Never>] = []
  private var isReleased = false

  init() {
    SearchIndexes.builder = { [weak self] book in
      if let self, !self.isReleased { await withCheckedContinuation { self.continuations.append($0) } }
      return try await SearchIndexes.defaultBuilder(book)
    }
  }

  /// How many builds wait now.
  var waiting: Int { continuations.count }

  /// Lets the held builds (and those to come) run.
  func release() {
    isReleased = true
    SearchIndexes.builder = SearchIndexes.defaultBuilder
    let held = continuations
    continuations.removeAll()
    for continuation in held { continuation.resume() }
  }
}
