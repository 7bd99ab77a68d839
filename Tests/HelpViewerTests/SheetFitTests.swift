import Foundation
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// The help and terms sheet is never larger than its parent window (less a margin) nor smaller
/// than usable, follows the parent's resizes while open, and a kept window takes its next
/// parent's size (issue 20.2). Sizes of the windows' surfaces; where the window manager puts
/// them is its own business.
final class SheetFitTests: GtkTestCase {
  func testTheSheetFitsItsParentAndFollowsItsResizes() throws {
    try onMain {
      let parent = parentWindow(760, 560)  // The demo's old window, under a 720×640 sheet.
      defer { gtk_window_destroy(parent) }
      waitUntil("the parent laid out") { size(parent) == SheetSize(width: 760, height: 560) }
      let dialog = HelpDialog.present(URL(string: "about:blank")!, title: "Help", over: parent)
      defer { dialog.close() }
      waitUntil("the sheet inside its parent, with the margin") {
        size(dialog.gtkWindow) == SheetSize(width: 712, height: 512)
      }
      // A person makes the parent smaller (GTK keeps a resized window's size as its default).
      gtk_window_set_default_size(parent, 500, 400)
      waitUntil("the sheet follows") { size(dialog.gtkWindow) == SheetSize(width: 452, height: 352) }
      gtk_window_set_default_size(parent, 200, 150)
      waitUntil("a tiny parent: the smallest usable sheet, over it") { size(dialog.gtkWindow) == .minimum }
      gtk_window_set_default_size(parent, 1200, 1000)
      waitUntil("room again: the preferred size") { size(dialog.gtkWindow) == .preferred }
    }
  }

  func testAKeptWindowTakesItsNextParentsSize() throws {
    try onMain {
      let small = parentWindow(600, 500)
      defer { gtk_window_destroy(small) }
      let first = HelpDialog.present(URL(string: "about:blank")!, title: "Help", over: small)
      waitUntil("the first sheet") { size(first.gtkWindow) == SheetSize(width: 552, height: 452) }
      let window = first.gtkWindow
      first.close()
      waitUntil("its window is kept") { ViewPool.hasReadyShell }
      let large = parentWindow(1200, 1000)
      defer { gtk_window_destroy(large) }
      let second = HelpDialog.present(URL(string: "about:blank")!, title: "Help", over: large)
      defer { second.close() }
      XCTAssertEqual(second.gtkWindow, window, "the kept window serves the next dialog")
      waitUntil("it takes the new parent's size") { size(second.gtkWindow) == .preferred }
      // Resizing the first parent no longer moves it.
      gtk_window_set_default_size(small, 300, 300)
      MainLoop.spin(until: { size(small) == SheetSize(width: 300, height: 300) }, timeout: 5)
      XCTAssertEqual(size(second.gtkWindow), .preferred)
    }
  }

  func testWithoutAParentTheSheetHasItsPreferredSize() throws {
    try onMain {
      let dialog = HelpDialog.present(URL(string: "about:blank")!, title: "Help")
      defer { dialog.close() }
      waitUntil("the sheet laid out") { size(dialog.gtkWindow) == .preferred }
    }
  }
}

/// A window's size on the screen: its surface, decorations drawn by GTK (the header bar's
/// border) included, as the window manager frames it.
@MainActor private func size(_ window: UnsafeMutablePointer<GtkWindow>) -> SheetSize {
  guard let surface = gtk_native_get_surface(OpaquePointer(window)) else { return SheetSize(width: 0, height: 0) }
  return SheetSize(width: Int(gdk_surface_get_width(surface)), height: Int(gdk_surface_get_height(surface)))
}

/// A shown window of `width`×`height` to put a sheet over.
@MainActor private func parentWindow(_ width: Int32, _ height: Int32) -> UnsafeMutablePointer<GtkWindow> {
  let window = showInWindow(gtk_label_new("host")!, title: "Sheet host")
  gtk_window_set_default_size(window, width, height)
  return window
}
