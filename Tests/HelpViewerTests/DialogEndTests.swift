import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Every way a dialog can end detaches it from its viewer, and the widgets it draws into are its
/// own: load events afterwards (the viewer asked to load, a page loaded into its web view
/// directly) reach nothing that was freed (issue 11.7). The application quitting is in
/// `DialogApplicationTests`.
final class DialogEndTests: GtkTestCase {
  override func setUp() {
    super.setUp()
    MainActor.assumeIsolated { HelpViewerEngine.dropSpareViews() }
  }

  override func tearDown() {
    MainActor.assumeIsolated { HelpViewerEngine.dropSpareViews() }
    super.tearDown()
  }

  func testAClosedDialogDrawsIntoNothingWhenItsViewLoadsAgain() throws {
    try onMain {
      let server = try makeServer()
      defer { server.stop() }
      let dialog = HelpDialog.present(server.url("/page"), title: "Closed")
      waitUntil("loaded") { dialog.viewer.state.phase == .loaded }
      let widgets = headerWidgets(dialog)
      dialog.close()
      try expectEnded(dialog, watching: widgets, server: server)
    }
  }

  func testADialogWhoseParentIsDestroyedBeforeItIsPresentedEndsAndDrawsIntoNothing() throws {
    try onMain {
      let server = try makeServer()
      defer { server.stop() }
      let parent = showInWindow(gtk_label_new("host")!, title: "Doomed before present")
      let dialog = HelpDialog(title: "Never shown", over: parent)
      var closed = 0
      dialog.onClose = { closed += 1 }
      let window = GWeakObject(dialog.gtkWindow)
      let widgets = headerWidgets(dialog)
      gtk_window_destroy(parent)
      XCTAssertFalse(window.isAlive, "the dialog's window went with its parent")
      XCTAssertEqual(closed, 1, "the dialog ended")
      dialog.present()  // Too late: does nothing.
      XCTAssertFalse(dialog.isOpen)
      try expectEnded(dialog, watching: widgets, server: server)
    }
  }

  func testADialogWhoseParentIsDestroyedWhileItIsOpenDrawsIntoNothing() throws {
    try onMain {
      let server = try makeServer()
      defer { server.stop() }
      let parent = showInWindow(gtk_label_new("host")!, title: "Doomed while open")
      let dialog = HelpDialog.present(server.url("/page"), title: "Open", over: parent)
      waitUntil("loaded") { dialog.viewer.state.phase == .loaded }
      let widgets = headerWidgets(dialog)
      gtk_window_destroy(parent)
      XCTAssertFalse(dialog.isOpen)
      try expectEnded(dialog, watching: widgets, server: server)
    }
  }

  func testADialogNeverPresentedAndDroppedLeavesItsViewerDetached() throws {
    try onMain {
      let server = try makeServer()
      defer { server.stop() }
      let parent = showInWindow(gtk_label_new("host")!, title: "Dropping host")
      defer { gtk_window_destroy(parent) }
      var dialog: HelpDialog? = HelpDialog(title: "Dropped", over: parent)
      weak let weakDialog = dialog
      let viewer = try XCTUnwrap(dialog?.viewer)
      let header = try XCTUnwrap(dialog?.header)
      let window = GWeakObject(try XCTUnwrap(dialog?.gtkWindow))
      dialog = nil
      XCTAssertNil(weakDialog)
      XCTAssertFalse(window.isAlive)
      XCTAssertTrue(viewer.isDetached)
      let title = labelText(header.titleLabel)
      try driveLoads(viewer, server: server, raw: "/raw")
      XCTAssertEqual(labelText(header.titleLabel), title)
    }
  }

  func testATermsDialogNeverPresentedAndDroppedLeavesItsViewerDetached() throws {
    try onMain {
      let server = try makeServer()
      defer { server.stop() }
      let parent = showInWindow(gtk_label_new("host")!, title: "Dropping terms host")
      defer { gtk_window_destroy(parent) }
      var terms: TermsDialog? = TermsDialog(server.url("/page"), over: parent)
      weak let weakTerms = terms
      let viewer = try XCTUnwrap(terms?.viewer)
      let window = GWeakObject(try XCTUnwrap(terms?.gtkWindow))
      terms = nil
      XCTAssertNil(weakTerms)
      XCTAssertFalse(window.isAlive)
      XCTAssertTrue(viewer.isDetached)
      MainLoop.spin(until: { false }, timeout: 0.3)
      try driveLoads(viewer, server: server, raw: "/raw")
    }
  }

  func testATermsDialogWhoseParentIsDestroyedBeforeItIsPresentedAnswersDismissed() throws {
    try onMain {
      let server = try makeServer()
      defer { server.stop() }
      let parent = showInWindow(gtk_label_new("host")!, title: "Doomed terms host")
      let terms = TermsDialog(server.url("/page"), over: parent)
      let widgets =
        headerWidgets(terms.sheet) + [GWeakObject(terms.footer.bar), GWeakObject(terms.footer.acceptButton)]
      gtk_window_destroy(parent)
      XCTAssertEqual(terms.decision, .dismissed, "no answer will ever come: dismissed")
      terms.present()  // Too late: does nothing.
      XCTAssertNil(server.hits["/page"])
      try expectEnded(terms.sheet, watching: widgets, server: server)
      terms.footer.render(canAccept: false, hint: "still its own")
    }
  }
}

@MainActor
private func makeServer() throws -> TestServer {
  let server = try TestServer()
  server.route("/page", .page("<title>Page</title><p>page"))
  server.route("/raw", .page("<title>Raw</title><p>raw"))
  return server
}

/// Weak references to the header widgets `dialog` draws into (taken while they surely live).
@MainActor
private func headerWidgets(_ dialog: HelpDialog) -> [GWeakObject] {
  [
    GWeakObject(UnsafeMutableRawPointer(dialog.header.bar)),
    GWeakObject(UnsafeMutableRawPointer(dialog.header.titleLabel)),
    GWeakObject(dialog.header.backButton), GWeakObject(dialog.header.reloadButton),
  ]
}

/// `dialog` ended: closed, its viewer detached, its header's widgets alive and left as they
/// were while load events run.
@MainActor
private func expectEnded(
  _ dialog: HelpDialog, watching widgets: [GWeakObject], server: TestServer, file: StaticString = #filePath,
  line: UInt = #line
) throws {
  XCTAssertFalse(dialog.isOpen, file: file, line: line)
  XCTAssertTrue(dialog.viewer.isDetached, "the viewer is detached", file: file, line: line)
  XCTAssertTrue(widgets.allSatisfy(\.isAlive), "the header owns its widgets", file: file, line: line)
  let title = labelText(dialog.header.titleLabel)
  let back = gtk_widget_get_sensitive(gcast(dialog.header.backButton))
  try driveLoads(dialog.viewer, server: server, raw: "/raw", file: file, line: line)
  XCTAssertEqual(labelText(dialog.header.titleLabel), title, "nothing drew into the header", file: file, line: line)
  XCTAssertEqual(gtk_widget_get_sensitive(gcast(dialog.header.backButton)), back, file: file, line: line)
}

/// The text of a label.
@MainActor
func labelText(_ label: Label) -> String { label.text }
