import Foundation
import HelpViewerCGtk
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// The terms sheet shows only what it needs (issue 20.3): no navigation, but back while a link
/// led away from the terms; its footer hint wraps in every language; a host's UI test answers
/// through the documented actions `terms.accept` and `terms.decline`.
final class TermsSheetTests: GtkTestCase {
  func testTheTermsSheetShowsBackOnlyWhileALinkLedAway() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/terms", .page("<title>Linked Terms</title><a href='/other'>other</a>"))
      server.route("/other", .page("<title>Other Page</title>"))
      let dialog = TermsDialog(server.url("/terms"))
      dialog.present()
      defer { dialog.dismiss() }
      let header = dialog.sheet.header
      waitUntil("the terms can be accepted") { dialog.canAccept }
      XCTAssertEqual(visible(header.backButton), [false], "no navigation")
      XCTAssertEqual(visible(header.forwardButton, header.reloadButton), [false, false])
      dialog.viewer.load(server.url("/other"))
      waitUntil("a link led away: back shows") {
        dialog.viewer.state.title == "Other Page" && visible(header.backButton) == [true]
      }
      XCTAssertEqual(visible(header.forwardButton, header.reloadButton), [false, false])
      gtk_widget_activate(gcast(header.backButton))
      waitUntil("back on the terms, back hides again") { dialog.canAccept && visible(header.backButton) == [false] }
    }
  }

  func testAHostsUITestAnswersThroughTheTermsActions() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/terms", .page("<title>Short Terms</title><p>Be nice.</p>"))
      let accepted = TermsDialog(server.url("/terms"))
      accepted.present()
      defer { accepted.dismiss() }
      let window = try XCTUnwrap(accepted.window)
      // Before the terms are read, Accept's action is disabled: activating it does nothing.
      XCTAssertEqual(gtk_widget_activate_action_variant(gcast(window), "terms.accept", nil), 1)
      XCTAssertNil(accepted.decision)
      waitUntil("the terms can be accepted") { accepted.canAccept }
      XCTAssertEqual(gtk_widget_activate_action_variant(gcast(window), "terms.accept", nil), 1)
      guard case .accepted(let receipt) = accepted.decision else {
        return XCTFail("accepted through terms.accept: \(String(describing: accepted.decision))")
      }
      XCTAssertEqual(receipt.title, "Short Terms")

      let declined = TermsDialog(server.url("/terms"))
      declined.present()
      defer { declined.dismiss() }
      let other = try XCTUnwrap(declined.window)
      XCTAssertEqual(gtk_widget_activate_action_variant(gcast(other), "\(TermsDialog.actionPrefix).decline", nil), 1)
      XCTAssertEqual(declined.decision, .declined)
    }
  }

  func testTheFooterHintWrapsInGerman() throws {
    try onMain {
      Localization.setLanguages(["de"])
      defer { Localization.setLanguages(nil) }
      let server = try TestServer()
      defer { server.stop() }
      server.route(
        "/terms", .page("<title>Lange Bedingungen</title>" + String(repeating: "<p>Absatz.</p>", count: 200)))
      let parent = showInWindow(gtk_label_new("host")!, title: "Narrow terms host")
      defer { gtk_window_destroy(parent) }
      gtk_window_set_default_size(parent, 340, 500)
      let dialog = TermsDialog(server.url("/terms"), over: parent)
      dialog.present()
      defer { dialog.dismiss() }
      let hint: OpaquePointer = gcast(dialog.footer.hintLabel)
      waitUntil("the German hint, laid out in the narrow sheet") {
        dialog.viewer.state.phase == .loaded && gtk_widget_get_width(gcast(hint)) > 0
          && String(cString: gtk_label_get_text(hint))
            == "Lesen Sie die Nutzungsbedingungen bis zum Ende, um sie zu akzeptieren."
      }
      let layout = gtk_label_get_layout(hint)
      MainLoop.spin(until: { pango_layout_get_line_count(layout) > 1 }, timeout: 5)
      XCTAssertEqual(pango_layout_is_ellipsized(layout), 0, "nothing cut off")
      XCTAssertGreaterThan(pango_layout_get_line_count(layout), 1, "wrapped in the narrow sheet")
    }
  }
}

/// Whether each button is visible.
@MainActor
private func visible(_ buttons: Button...) -> [Bool] { buttons.map(\.isVisible) }
