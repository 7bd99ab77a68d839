import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// The terms dialog with real WebKit, a real HTTP server, real key presses: Accept only after
/// the end was reached, a page that cannot fake it, receipts of the exact bytes served.
final class TermsDialogTests: GtkTestCase {
  func testAcceptStaysInsensitiveUntilTheEndKeyScrollsToTheEnd() throws {
    try onMain {
      let server = try TestServer()
      server.route("/terms", .page(longTerms(title: "Long Terms End Key")))
      let parent = showInWindow(gtk_label_new("host")!, title: "Terms Host")
      defer { gtk_window_destroy(parent) }
      let dialog = TermsDialog(server.url("/terms"), over: parent)
      dialog.present()
      XCTAssertEqual(gtk_window_get_transient_for(dialog.gtkWindow), parent)
      XCTAssertEqual(gtk_window_get_modal(dialog.gtkWindow), 1)
      XCTAssertEqual(gtk_widget_has_css_class(gcast(dialog.footer.acceptButton), "suggested-action"), 1)
      XCTAssertFalse(sensitive(dialog.footer.acceptButton), "insensitive while loading")
      waitUntilMeasured(dialog)
      XCTAssertFalse(dialog.hasReachedEnd)
      XCTAssertFalse(sensitive(dialog.footer.acceptButton))
      assertNotAcceptableAfterAReport(dialog, "nothing enables Accept without scrolling")
      dialog.accept()
      XCTAssertNil(dialog.decision, "accept() does nothing while Accept is insensitive")

      gtk_widget_grab_focus(gcast(dialog.viewer.webView))
      try pressKeys("End", in: dialog.gtkWindow)
      waitUntil("the End key scrolled to the end and enabled Accept") { sensitive(dialog.footer.acceptButton) }
      XCTAssertTrue(dialog.hasReachedEnd)
      gtk_widget_activate(gcast(dialog.footer.acceptButton))
      waitUntil("accepted") { dialog.decision != nil }
      XCTAssertEqual(dialog.decision?.receipt?.title, "Long Terms End Key")
    }
  }

  func testAPageThatFitsEnablesAcceptAtOnce() throws {
    try onMain {
      let server = try TestServer()
      server.route("/terms", .held("<title>Short Terms</title><p>Be nice.</p>"))
      defer { server.stop() }
      let dialog = TermsDialog(server.url("/terms"))
      dialog.present()
      defer { dialog.dismiss() }
      let recorder = StateRecorder(dialog.viewer)
      waitUntil("the request reached the server") { server.hits["/terms"] == 1 }
      XCTAssertEqual(recorder.phases, ["loading"], "the page is held back: still loading")
      XCTAssertFalse(sensitive(dialog.footer.acceptButton), "insensitive while loading")
      server.release("/terms")
      waitUntil("Accept became sensitive with no scrolling") { sensitive(dialog.footer.acceptButton) }
      XCTAssertTrue(dialog.hasReachedEnd)
    }
  }

  func testThePagesOwnScriptCannotEnableAccept() throws {
    try onMain {
      let server = try TestServer()
      server.route("/terms", .page(forgingPage))
      let dialog = TermsDialog(server.url("/terms"))
      dialog.present()
      defer { dialog.dismiss() }
      waitUntilMeasured(dialog)
      waitUntil("the page's script ran its tricks") { dialog.viewer.state.title?.hasPrefix("Forger done") == true }
      XCTAssertEqual(
        dialog.viewer.state.title, "Forger done: handler missing, post threw",
        "the page's world has no message handler of ours")
      assertNotAcceptableAfterAReport(dialog, "fake scroll events and a faked scrollY do not count")
      XCTAssertFalse(dialog.hasReachedEnd)
      XCTAssertFalse(sensitive(dialog.footer.acceptButton))

      // The same page, really scrolled, can be accepted: the watcher works on it.
      gtk_widget_grab_focus(gcast(dialog.viewer.webView))
      try pressKeys("End", in: dialog.gtkWindow)
      waitUntil("real scrolling enabled Accept") { sensitive(dialog.footer.acceptButton) }
    }
  }

  func testReceiptHoldsTheHashOfTheExactBytesServedAndItsHeaders() throws {
    try onMain {
      let server = try TestServer()
      let bytes = Array("<!DOCTYPE html>\r\n<title>Terms v1</title>\n<p>Caf\u{e9} \u{2014} short.</p>\n".utf8)
      let headers = ["ETag": "\"terms-v1\"", "Last-Modified": "Tue, 01 Dec 2026 10:00:00 GMT"]
      server.route("/terms", .redirect("/terms/v1"))
      server.route("/terms/v1", .bytes(bytes, headers: headers))
      let before = Date()
      let dialog = TermsDialog(server.url("/terms"))
      dialog.present()
      waitUntil("Accept became sensitive") { dialog.canAccept }
      gtk_widget_activate(gcast(dialog.footer.acceptButton))
      waitUntil("accepted") { dialog.decision != nil }
      let receipt = try XCTUnwrap(dialog.decision?.receipt)
      // The receipt's format: 64 lowercase hexadecimal digits (Python's hashlib agrees).
      XCTAssertEqual(receipt.sha256, "2ea5fdddf5896ddadf63c0567ecf7c92697d9c1ec67170ecd6682ada15fb5875")
      XCTAssertEqual(receipt.requestedURL, server.url("/terms").absoluteString)
      XCTAssertEqual(receipt.finalURL, server.url("/terms/v1").absoluteString)
      XCTAssertEqual(receipt.etag, "\"terms-v1\"")
      XCTAssertEqual(receipt.lastModified, "Tue, 01 Dec 2026 10:00:00 GMT")
      XCTAssertEqual(receipt.title, "Terms v1")
      XCTAssertFalse(receipt.isOfflineCopy)
      XCTAssertTrue(receipt.acceptedAt >= before && receipt.acceptedAt <= Date())
      XCTAssertFalse(dialog.sheet.isOpen, "accepting closes the dialog")

      XCTAssertEqual(try mustShowAgain(receipt).get(), false, "unchanged")
      server.route("/terms/v1", .bytes(bytes + Array("<p>One more rule.</p>".utf8), headers: headers))
      XCTAssertEqual(try mustShowAgain(receipt).get(), true, "changed")
    }
  }

  func testMustShowAgainForLocalFiles() throws {
    try onMain {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("hv-terms-\(UUID().uuidString).html")
      defer { try? FileManager.default.removeItem(at: file) }
      let bytes = Array("<title>Local Terms</title><p>ok</p>".utf8)
      try Data(bytes).write(to: file)
      let receipt = TermsReceipt(
        requestedURL: file.absoluteString, finalURL: file.absoluteString,
        sha256: "da32d90f87876111ce32142dad6bce6207c11c19be68d6988d23cc8321ccdfb9",
        acceptedAt: Date())
      XCTAssertEqual(try mustShowAgain(receipt).get(), false)
      try Data(bytes + [0x0a]).write(to: file)
      XCTAssertEqual(try mustShowAgain(receipt).get(), true)
    }
  }

  func testMustShowAgainGivesTypedErrorsForBadInput() throws {
    try onMain {
      let server = try TestServer()
      let closed = try closedPortURL()
      let cases: [(String, LoadError.Kind, Int?)] = [
        (closed.absoluteString, .cannotConnect, nil),
        (server.url("/missing").absoluteString, .httpError, 404),
        ("javascript:alert(1)", .unsupportedScheme, nil),
        ("", .invalidURL, nil),
        ("http://", .invalidURL, nil),
        ("file:///nonexistent/hv-terms.html", .httpError, 404),
      ]
      for (address, kind, status) in cases {
        let receipt = TermsReceipt(requestedURL: address, finalURL: address, sha256: "", acceptedAt: Date())
        let result = mustShowAgain(receipt)
        guard case .failure(let error) = result else {
          XCTFail("\(address): expected an error, got \(result)")
          continue
        }
        XCTAssertEqual(error.kind, kind, address)
        XCTAssertEqual(error.httpStatus, status, address)
      }
    }
  }

  func testAFailedLoadCannotBeAccepted() throws {
    try onMain {
      let server = try TestServer()
      let closed = TermsDialog(try closedPortURL())
      closed.present()
      defer { closed.dismiss() }
      waitUntil("the load failed") { closed.viewer.state.error != nil }
      XCTAssertFalse(closed.canAccept)
      XCTAssertFalse(sensitive(closed.footer.acceptButton))

      // A short 404 page: its watcher script reports "end", but a failure is never acceptable.
      let missing = TermsDialog(server.url("/gone"))
      missing.present()
      defer { missing.dismiss() }
      waitUntil("the 404 failed and its page reported") {
        missing.viewer.state.error?.httpStatus == 404 && missing.watcher.reportCount > 0
      }
      assertNotAcceptableAfterAReport(missing, "a failure is never acceptable")
      XCTAssertFalse(sensitive(missing.footer.acceptButton))
      missing.accept()
      XCTAssertNil(missing.decision)
    }
  }

  func testTheOfflineCopyCanBeAcceptedAndTheReceiptSaysSo() throws {
    try onMain {
      let dialog = TermsDialog(try closedPortURL(), offlineCopy: try notebookPage("terms/terms.html"))
      dialog.present()
      defer { dialog.dismiss() }
      waitUntil("the offline copy loaded") {
        dialog.viewer.state.phase == .loaded && dialog.viewer.state.title == "Notebook Terms of Service"
      }
      XCTAssertFalse(dialog.canAccept, "it must be read to the end too")
      try pressKeys("End", in: dialog.gtkWindow)
      waitUntil("Accept became sensitive") { dialog.canAccept }
      dialog.accept()
      guard case .accepted(let receipt)? = dialog.decision else { return XCTFail("not accepted") }
      XCTAssertTrue(receipt.isOfflineCopy)
      XCTAssertEqual(receipt.requestedURL, dialog.url.absoluteString)
    }
  }

  func testAnotherPageThanTheTermsCannotBeAccepted() throws {
    try onMain {
      let server = try TestServer()
      server.route("/terms", .page("<title>Linked Terms</title><a href='/other'>other</a>"))
      server.route("/other", .page("<title>Other Page</title>"))
      let dialog = TermsDialog(server.url("/terms"))
      dialog.present()
      defer { dialog.dismiss() }
      waitUntil("the short terms can be accepted") { dialog.canAccept }
      let reportsBefore = dialog.watcher.reportCount
      dialog.viewer.load(server.url("/other"))
      waitUntil("the other page loaded and reported") {
        dialog.viewer.state.title == "Other Page" && dialog.viewer.state.phase == .loaded
          && dialog.watcher.reportCount > reportsBefore
      }
      assertNotAcceptableAfterAReport(dialog, "only the terms themselves can be accepted")
      XCTAssertFalse(sensitive(dialog.footer.acceptButton))
      dialog.viewer.goBack()
      waitUntil("back on the terms, acceptable again") { dialog.canAccept }
    }
  }

  func testDeclineAnswersDeclined() throws {
    try onMain {
      let server = try TestServer()
      server.route("/terms", .page("<title>Decline Me</title>"))
      var dialog: TermsDialog? = TermsDialog(server.url("/terms"))
      weak let weakDialog = dialog
      let window = GWeakObject(dialog!.gtkWindow)
      var answer: TermsDecision?
      Task { @MainActor [dialog] in answer = await dialog?.waitForDecision() }
      dialog?.present()
      waitUntil("loaded") { dialog?.viewer.state.phase == .loaded }
      gtk_widget_activate(gcast(dialog!.footer.declineButton))
      waitUntil("declined") { answer != nil }
      XCTAssertEqual(answer, .declined)
      dialog = nil
      waitUntil("the dialog and its window are freed") { weakDialog == nil && !window.isAlive }
    }
  }

  func testEscapeAndTheCloseButtonAnswerDismissed() throws {
    try onMain {
      let server = try TestServer()
      server.route("/terms", .page("<title>Escape Terms</title>"))
      let escaped = TermsDialog(server.url("/terms"))
      escaped.present()
      waitUntil("loaded and on screen") {
        escaped.viewer.state.title == "Escape Terms" && gtk_widget_get_mapped(gcast(escaped.gtkWindow)) != 0
      }
      try pressKeys("Escape", in: escaped.gtkWindow)
      waitUntil("Esc dismissed") { escaped.decision != nil }
      XCTAssertEqual(escaped.decision, .dismissed)

      let closed = TermsDialog(server.url("/terms"))
      var answers: [TermsDecision] = []
      closed.onDecision = { answers.append($0) }
      closed.present()
      gtk_widget_activate(gcast(closed.sheet.header.closeButton))
      waitUntil("the close button dismissed") { !answers.isEmpty }
      closed.decline()  // Too late: there is an answer already.
      XCTAssertEqual(answers, [.dismissed])
    }
  }

  func testTheOneLinerAnswersDismissedWhenTheParentIsDestroyed() throws {
    try onMain {
      let server = try TestServer()
      server.route("/terms", .page("<title>Parent Terms</title>"))
      let parent = showInWindow(gtk_label_new("host")!, title: "Parent Host")
      var answer: TermsDecision?
      Task { @MainActor in answer = await TermsDialog.present(server.url("/terms"), over: parent) }
      waitUntil("the terms were asked for") { server.hits["/terms"] == 1 }
      gtk_window_destroy(parent)
      waitUntil("dismissed with its parent") { answer != nil }
      XCTAssertEqual(answer, .dismissed)
    }
  }
}

/// Waits until the terms page loaded, was fingerprinted and its watcher reported once.
@MainActor
private func waitUntilMeasured(_ dialog: TermsDialog, file: StaticString = #filePath, line: UInt = #line) {
  waitUntil("loaded, fingerprinted and measured", file: file, line: line) {
    dialog.viewer.state.phase == .loaded && dialog.fingerprint != nil && dialog.watcher.reportCount > 0
  }
}

/// Asks the page's watcher for one more report and waits for it, then checks that Accept is
/// still off: the watcher had its chance (any report it sent before, true or faked, came in
/// first), so a pass means something, however slow the machine.
@MainActor
private func assertNotAcceptableAfterAReport(
  _ dialog: TermsDialog, _ message: String, file: StaticString = #filePath, line: UInt = #line
) {
  let before = dialog.watcher.reportCount
  dialog.watcher.check()
  waitUntil("the page's watcher reported once more", file: file, line: line) { dialog.watcher.reportCount > before }
  XCTAssertFalse(dialog.canAccept, message, file: file, line: line)
}

/// `TermsDialog.mustShowAgain(receipt)`, run as a task while the main loop spins.
@MainActor
private func mustShowAgain(
  _ receipt: TermsReceipt, file: StaticString = #filePath, line: UInt = #line
) -> Result<Bool, LoadError> {
  var result: Result<Bool, LoadError>?
  Task { @MainActor in
    do {
      result = .success(try await TermsDialog.mustShowAgain(receipt))
    } catch let error as LoadError {
      result = .failure(error)
    } catch {
      result = .failure(LoadError(.other, details: "not a LoadError: \(error)"))
    }
  }
  waitUntil("mustShowAgain answered", timeout: 20, file: file, line: line) { result != nil }
  return result ?? .failure(LoadError(.other, details: "mustShowAgain did not answer"))
}

/// A page several screens high.
private func longTerms(title: String) -> String {
  let paragraphs = (1...120).map { "<p>Clause \($0): the terms go on and on, as terms do.</p>" }
  return "<!DOCTYPE html><title>\(title)</title>" + paragraphs.joined()
}

/// A long page whose script tries every way it has to make the dialog believe it was read.
private let forgingPage = """
  <!DOCTYPE html><title>Forger</title>
  <div style="height: 6000px">Long terms.</div>
  <script>
  const handlers = window.webkit && window.webkit.messageHandlers;
  const found = handlers && handlers.helpViewerTermsEnd ? "handler found" : "handler missing";
  let posted = "post worked";
  try { window.webkit.messageHandlers.helpViewerTermsEnd.postMessage("end"); } catch (e) { posted = "post threw"; }
  try {
    Object.defineProperty(window, "scrollY", { get: () => 1e9 });
    Object.defineProperty(window, "innerHeight", { get: () => 1e9 });
  } catch (e) {}
  const fake = () => {
    window.dispatchEvent(new Event("scroll"));
    document.dispatchEvent(new Event("scroll", { bubbles: true }));
    window.dispatchEvent(new Event("resize"));
    window.dispatchEvent(new Event("load"));
  };
  fake();
  window.addEventListener("load", () => {
    fake();
    setTimeout(() => {
      fake();
      try { window.webkit.messageHandlers.helpViewerTermsEnd.postMessage("end"); } catch (e) {}
      document.title = "Forger done: " + found + ", " + posted;
    }, 50);
  }, { once: true });
  </script>
  """

@MainActor
private func sensitive(_ button: Button) -> Bool { button.isSensitive }
