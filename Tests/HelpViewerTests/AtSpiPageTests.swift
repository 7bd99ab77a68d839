import Foundation
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// On GTK 4.14 and later a dialog's page is WebKit's own accessibility tree, grafted in through
/// `GtkAtSpiSocket` (issue 34): read over AT-SPI from outside the process, as a screen reader
/// reads it, the page's headings, links and paragraphs are under the dialog's window, and
/// nothing of the viewer hides them (the stack and overlay around the web view, the find bar
/// over it, the error view shown in its place before the page comes back).
///
/// The dialog runs in a child run of this test on an X display and a D-Bus session of its own
/// (its accessibility bus with it), where `ScreenReaderEnabled` is set as Orca sets it; nothing
/// reaches the desktop's bus. Before GTK 4.14 it skips: there the text view serves (`AtSpiTests`).
final class AtSpiPageTests: GtkTestCase {
  private static let test = "AtSpiPageTests/testTheDialogsPageIsReadOverAtSpiOnGtk414AndLater"

  func testTheDialogsPageIsReadOverAtSpiOnGtk414AndLater() throws {
    try onMain {
      let gtk = ScreenReaderStatus.gtkVersion
      try XCTSkipUnless(
        TextViewChoice.exposesPages(gtk: gtk),
        "GTK \(gtk.major).\(gtk.minor) cannot graft WebKit's tree in (GtkAtSpiSocket is new in GTK 4.14): "
          + "the text view serves there (AtSpiTests)")
      guard ChildTestRun.isChild(Self.test) else {
        for program in ["/usr/bin/xvfb-run", "/usr/bin/dbus-run-session", "/usr/libexec/at-spi-bus-launcher"] {
          try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: program), "\(program) is missing")
        }
        try ChildTestRun.run(
          Self.test, ["GSETTINGS_BACKEND": "memory"],
          launcher: [
            "/usr/bin/xvfb-run", "-a", "--server-args=-screen 0 1280x1024x24", "/usr/bin/dbus-run-session", "--",
          ],
          removing: ["WAYLAND_DISPLAY", "AT_SPI_BUS_ADDRESS", "DBUS_SESSION_BUS_ADDRESS"], timeout: 240)
        return
      }
      try readThePageOverAtSpi()
    }
  }
}

/// In the child: the dialog, read over AT-SPI loaded, with the find bar open, and loaded
/// again after an error.
@MainActor
private func readThePageOverAtSpi() throws {
  let reader = try AtSpiReader()
  defer { reader.stop() }
  try reader.enableScreenReader()
  let title = "Read over AT-SPI"
  let page = try notebookPage("help/C/index.html")
  let dialog = HelpDialog.present(page, title: title)
  defer { dialog.close() }
  let viewer = dialog.viewer
  waitUntil("the help loaded") { viewer.state.phase == .loaded }
  XCTAssertFalse(viewer.isShowingText, "GTK 4.14 and later: the page's own tree, not the text view")

  let wanted = [
    "heading|Notebook Help", "heading|Contents", "link|Getting Started", "paragraph|Notebook is a small, fast app",
  ]
  var tree = try reader.read(window: dialog.windowTitle, wanting: wanted)
  XCTAssertTrue(tree.found, "the page never showed under the dialog's window:\n\(tree.output)")
  XCTAssertTrue(tree.has("document web"), tree.output)
  XCTAssertTrue(tree.has("heading", "Notebook Help", level: "1"), tree.output)
  XCTAssertTrue(tree.has("heading", "Contents", level: "2"), tree.output)
  XCTAssertTrue(tree.has("link", "Keyboard Shortcuts"), tree.output)
  XCTAssertFalse(tree.has("filler", "WebKitWebView"), "the page is not a leaf:\n\(tree.output)")
  XCTAssertFalse(tree.lines.contains { $0.hasPrefix("busy|") }, "nothing is left busy once loaded:\n\(tree.output)")

  // The find bar over the page (an overlay): the page stays, and the bar is there too.
  viewer.showFindBar()
  viewer.find("notes")
  waitUntil("WebKit found the word") { (viewer.model.findState.matchCount ?? 0) > 0 }
  tree = try reader.read(window: dialog.windowTitle, wanting: wanted)
  XCTAssertTrue(tree.found, "the find bar hid the page:\n\(tree.output)")
  XCTAssertTrue(tree.lines.contains { $0.contains("matches") }, "the find bar's count:\n\(tree.output)")

  // An error in the page's place, the alert read; then the page again, the find bar still open.
  viewer.load(try closedPortURL())
  waitUntil("failed") { viewer.state.error != nil }
  let error = try XCTUnwrap(viewer.state.error)
  tree = try reader.read(window: dialog.windowTitle, wanting: ["alert|\(error.title)", "button|Retry"])
  XCTAssertTrue(tree.found, "the error view was not read:\n\(tree.output)")
  XCTAssertFalse(viewer.model.findState.isShown, "an error closes the find bar")
  viewer.load(page)
  waitUntil("the help loaded again") { viewer.state.phase == .loaded }
  tree = try reader.read(window: dialog.windowTitle, wanting: wanted)
  XCTAssertTrue(tree.found, "the page was hidden after the error:\n\(tree.output)")
  XCTAssertFalse(tree.has("alert", error.title), "the error view is gone:\n\(tree.output)")

  // The find bar again, over the page that came back.
  viewer.showFindBar()
  viewer.find("notes")
  waitUntil("WebKit found the word again") { (viewer.model.findState.matchCount ?? 0) > 0 }
  tree = try reader.read(window: dialog.windowTitle, wanting: wanted)
  XCTAssertTrue(tree.found, "the find bar hid the page that came back:\n\(tree.output)")
}

extension HelpDialog {
  /// The dialog's window title, as AT-SPI names its frame.
  fileprivate var windowTitle: String {
    gtk_window_get_title(gtkWindow).map { String(cString: $0) } ?? ""
  }
}
