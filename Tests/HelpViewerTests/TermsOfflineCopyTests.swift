import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// A terms dialog's offline copy is the viewer's (`ViewerConfiguration.offlineFallback`): one
/// mechanism, with its note and Retry (issue 18.6).
final class TermsOfflineCopyTests: GtkTestCase {
  func testTheOfflineCopyHasTheViewersNoteAndRetryReachesTheLiveTerms() throws {
    try onMain {
      let server = try TestServer()
      server.route("/terms", .page("down", status: 503))
      let dialog = TermsDialog(server.url("/terms"), offlineCopy: try notebookPage("terms/terms.html"))
      dialog.present()
      defer { dialog.dismiss() }
      waitUntil("the offline copy loaded") {
        dialog.viewer.state.phase == .loaded && dialog.viewer.state.title == "Notebook Terms of Service"
      }
      XCTAssertTrue(dialog.viewer.state.isOfflineCopy)
      XCTAssertEqual(dialog.viewer.state.offlineReason?.httpStatus, 503)
      XCTAssertEqual(gtk_widget_get_visible(dialog.viewer.offlineBanner.root.widget), 1, "the viewer's note")
      XCTAssertEqual(dialog.viewer.state.requestedURL, dialog.url.absoluteString, "Retry tries the real terms")

      server.route("/terms", .page("<title>Live Terms</title><p>Be nice.</p>"))
      gtk_widget_activate(gcast(dialog.viewer.offlineBanner.retryButton))
      waitUntil("the live terms loaded") {
        dialog.viewer.state.phase == .loaded && dialog.viewer.state.title == "Live Terms"
      }
      XCTAssertFalse(dialog.viewer.state.isOfflineCopy)
      XCTAssertEqual(gtk_widget_get_visible(dialog.viewer.offlineBanner.root.widget), 0)
      waitUntil("Accept became sensitive (the short terms fit)") { dialog.canAccept }
      dialog.accept()
      guard case .accepted(let receipt)? = dialog.decision else { return XCTFail("not accepted") }
      // Before, the dialog's own copy kept saying "offline" once it had shown the copy.
      XCTAssertFalse(receipt.isOfflineCopy, "the live terms were accepted")
      XCTAssertEqual(receipt.title, "Live Terms")
    }
  }

  func testAnOfflineCopyThatFailsTooLeavesTheFailure() throws {
    try onMain {
      let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-terms-\(UUID()).html")
      let dialog = TermsDialog(try closedPortURL(), offlineCopy: missing)
      dialog.present()
      defer { dialog.dismiss() }
      waitUntil("the copy failed too") { dialog.viewer.state.error != nil }
      XCTAssertFalse(dialog.canAccept)
      let hint = dialog.footer.hintLabel.text
      XCTAssertTrue(hint.hasPrefix("The terms could not be loaded"), hint)
    }
  }
}
