import Foundation
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Task cancellation is honoured (issue 18.5): cancelling the task that awaits
/// `TermsDialog.present`, `waitForDecision()` or `HelpDialog.waitUntilClosed()` closes the
/// dialog, and the answer is `.dismissed`; a task cancelled before it waits gets that at once,
/// and a cancellation after the answer changes nothing.
final class DialogCancellationTests: GtkTestCase {
  func testCancellingTheTaskWaitingUntilAHelpDialogClosesClosesIt() throws {
    try onMain {
      let server = try cancellationServer()
      defer { server.stop() }
      let dialog = HelpDialog.present(server.url("/page"), title: "Waited for")
      waitUntil("loaded") { dialog.viewer.state.phase == .loaded }
      var returned = false
      let task = Task { @MainActor in
        await dialog.waitUntilClosed()
        returned = true
      }
      waitUntil("the task waits") { dialog.waitingTasks == 1 }
      XCTAssertTrue(dialog.isOpen)
      task.cancel()
      waitUntil("the wait returned") { returned }
      XCTAssertFalse(dialog.isOpen, "cancelling closed the dialog")
      XCTAssertNil(dialog.window)
    }
  }

  func testCancellingTheTaskAwaitingTermsDialogPresentAnswersDismissed() throws {
    try onMain {
      let server = try cancellationServer()
      defer { server.stop() }
      let parent = showInWindow(gtk_label_new("host")!, title: "Terms host")
      defer { gtk_window_destroy(parent) }
      var answer: TermsDecision?
      let task = Task { @MainActor in
        answer = await TermsDialog.present(server.url("/terms"), over: parent)
      }
      // `present` loads the terms, then waits for the answer in the same turn.
      waitUntil("the terms are asked for") { server.hits["/terms"] == 1 }
      let shown = openDialogWindows()
      XCTAssertEqual(shown.count, 1, "the terms dialog shows")
      let window = GWeakObject(UnsafeMutableRawPointer(shown[0]))
      task.cancel()
      waitUntil("answered") { answer != nil }
      XCTAssertEqual(answer, .dismissed)
      XCTAssertFalse(window.isAlive, "the terms dialog's window was destroyed")
      XCTAssertEqual(openDialogWindows().count, 0)
    }
  }

  func testCancellingTheTaskWaitingForTheTermsDismissesThem() throws {
    try onMain {
      let server = try cancellationServer()
      defer { server.stop() }
      let terms = TermsDialog(server.url("/terms"))
      terms.present()
      waitUntil("loaded") { terms.viewer.state.phase == .loaded }
      var answer: TermsDecision?
      let task = Task { @MainActor in answer = await terms.waitForDecision() }
      waitUntil("the task waits") { terms.waitingTasks == 1 }
      task.cancel()
      waitUntil("answered") { answer != nil }
      XCTAssertEqual(answer, .dismissed)
      XCTAssertEqual(terms.decision, .dismissed)
      XCTAssertNil(terms.window)
      XCTAssertFalse(terms.sheet.isOpen)
    }
  }

  func testATaskCancelledBeforeItWaitsIsAnsweredDismissedAtOnce() throws {
    try onMain {
      let server = try cancellationServer()
      defer { server.stop() }
      let terms = TermsDialog(server.url("/terms"))
      terms.present()
      let dialog = HelpDialog.present(server.url("/page"), title: "Cancelled first")
      var answer: TermsDecision?
      var closed = false
      Task { @MainActor in
        withUnsafeCurrentTask { $0?.cancel() }
        answer = await terms.waitForDecision()
        await dialog.waitUntilClosed()
        closed = true
      }
      waitUntil("answered and closed") { answer != nil && closed }
      XCTAssertEqual(answer, .dismissed)
      XCTAssertFalse(terms.sheet.isOpen)
      XCTAssertFalse(dialog.isOpen)
    }
  }

  func testACancellationAfterTheAnswerChangesNothing() throws {
    try onMain {
      let server = try cancellationServer()
      defer { server.stop() }
      let terms = TermsDialog(server.url("/terms"))
      terms.present()
      var answer: TermsDecision?
      let task = Task { @MainActor in answer = await terms.waitForDecision() }
      waitUntil("the task waits") { terms.waitingTasks == 1 }
      terms.decline()
      task.cancel()
      waitUntil("answered") { answer != nil }
      XCTAssertEqual(answer, .declined)
      XCTAssertEqual(terms.decision, .declined)
      var again: TermsDecision?
      Task { @MainActor in
        withUnsafeCurrentTask { $0?.cancel() }
        again = await terms.waitForDecision()
      }
      waitUntil("asked again") { again != nil }
      XCTAssertEqual(again, .declined, "the answer given stays the answer")
    }
  }
}

@MainActor
private func cancellationServer() throws -> TestServer {
  let server = try TestServer()
  server.route("/page", .page("<title>Page</title><p>page"))
  server.route("/terms", .page("<title>Terms</title><p>terms"))
  return server
}

/// The dialog windows (`DialogWindow.cssClass`) that are shown now.
@MainActor
private func openDialogWindows() -> [UnsafeMutablePointer<GtkWindow>] {
  var windows: [UnsafeMutablePointer<GtkWindow>] = []
  let toplevels = gtk_window_list_toplevels()
  var node = toplevels
  while let current = node {
    if let data = current.pointee.data {
      let window = data.assumingMemoryBound(to: GtkWindow.self)
      if gtk_widget_get_visible(gcast(window)) != 0,
        Window(watching: window).styleClasses.contains(DialogWindow.cssClass)
      {
        windows.append(window)
      }
    }
    node = current.pointee.next
  }
  g_list_free(toplevels)
  return windows
}
