import Foundation
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// The text view comes by itself while a screen reader runs (issue 34): `ScreenReaderEnabled` of
/// `org.a11y.Status`, set as Orca sets it, followed while the viewer lives; only before GTK 4.14,
/// a choice tested with an injected version (this machine has GTK 4.8). On a bus of the test's
/// own: set on the desktop's, it would start the desktop's screen reader (and the launcher keeps
/// it in GSettings, on disk).
final class ScreenReaderTests: GtkTestCase {
  func testTheTextViewFollowsTheScreenReaderOnTheSessionBus() throws {
    try onMain {
      let bus = try PrivateBus()
      defer { bus.stop() }
      // The accessibility bus launcher, started on demand by the bus.
      guard (try? setScreenReader(false, on: bus))?.status == 0 else {
        throw XCTSkip("org.a11y.Bus cannot be started on a D-Bus session bus here (at-spi2-core)")
      }
      ScreenReaderWatch.shared.followBus(at: bus.address)
      defer { ScreenReaderWatch.shared.followBus(at: nil) }
      let saved = ScreenReaderWatch.gtkVersion
      defer { ScreenReaderWatch.gtkVersion = saved }
      ScreenReaderWatch.gtkVersion = (4, 8)
      let server = try TestServer()
      server.route("/help", .page("<title>Reader</title><h1>Read me</h1><p>Words.</p>"))
      defer { server.stop() }
      let dialog = HelpDialog.present(server.url("/help"), title: "Reader")
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("loaded") { viewer.state.phase == .loaded }
      XCTAssertFalse(viewer.isShowingText, "no screen reader: the page")

      XCTAssertEqual(try setScreenReader(true, on: bus).status, 0)
      waitUntil("the text view came with the screen reader") {
        viewer.isShowingText && viewer.textView.outline?.blocks.first?.text == "Read me"
      }
      XCTAssertEqual(viewer.stack.visibleChildName, "text")
      XCTAssertTrue(viewer.actions.isOn(.showText), "the menu shows it checked")

      XCTAssertEqual(try setScreenReader(false, on: bus).status, 0)
      waitUntil("the page came back") { !viewer.isShowingText }
      XCTAssertEqual(viewer.stack.visibleChildName, "page")

      // GTK 4.14 and later expose the page itself: no text view unless asked for.
      ScreenReaderWatch.gtkVersion = (4, 14)
      XCTAssertEqual(try setScreenReader(true, on: bus).status, 0)
      waitUntil("the screen reader was seen") { ScreenReaderWatch.shared.screenReaderRuns }
      XCTAssertFalse(viewer.isShowingText)
      XCTAssertTrue(TextViewChoice.exposesPages(gtk: (5, 0)))
      XCTAssertFalse(TextViewChoice.showsText(screenReader: true, gtk: (4, 14)))
      XCTAssertTrue(TextViewChoice.showsText(screenReader: true, gtk: (4, 13)))

      // Back on GTK 4.8 the screen reader's choice applies, until a person makes their own.
      ScreenReaderWatch.gtkVersion = (4, 8)
      XCTAssertTrue(viewer.isShowingText)
      gtk_widget_activate_action_variant(viewer.gtkWidget, "viewer.show-text", nil)
      XCTAssertFalse(viewer.isShowingText, "Show as Text unchecked: the page, screen reader or not")
    }
  }
}

/// Sets `ScreenReaderEnabled` on the session bus as Orca does.
@MainActor
private func setScreenReader(_ on: Bool, on bus: PrivateBus) throws -> (status: Int32, output: String) {
  try runProgram(
    "/usr/bin/gdbus",
    [
      "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method",
      "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", "ScreenReaderEnabled", "<\(on)>",
    ], environment: bus.environment, timeout: 20)
}
