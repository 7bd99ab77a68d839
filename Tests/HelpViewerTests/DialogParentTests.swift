import Foundation
import HelpViewerCGtk
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// `over:` takes a window, or any widget meaning the window it is in, as any pointer; anything
/// else opens the dialog without a parent, with one clear message and no GTK critical
/// (issue 11.5).
final class DialogParentTests: GtkTestCase {
  func testAWidgetInsideAWindowGivesThatWindowAsTransientParent() {
    onMain {
      let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
      let button = gtk_button_new_with_label("Help")!
      gtk_box_append(gcast(box), button)
      let window = showInWindow(box, title: "Parent by widget")
      defer { gtk_window_destroy(window) }
      LogWatch.start()
      // The same window, reached through every kind of pointer a host may hold.
      let parents: [(String, (any DialogParent)?)] = [
        ("the window", window),
        ("a widget inside it", button),
        ("gtk_widget_get_root, an OpaquePointer", gtk_widget_get_root(button)),
        ("a raw pointer", UnsafeMutableRawPointer(button)),
        ("the box as an OpaquePointer", OpaquePointer(box)),
      ]
      for (what, parent) in parents {
        let dialog = HelpDialog(title: "Help", over: parent)
        XCTAssertEqual(gtk_window_get_transient_for(dialog.gtkWindow), window, what)
        XCTAssertEqual(gtk_window_get_destroy_with_parent(dialog.gtkWindow), 1, what)
        dialog.close()
      }
      XCTAssertEqual(LogWatch.problems, [], "no GLib warnings or criticals")
      XCTAssertEqual(LogWatch.helpViewerMessages, [], "nothing to report")
    }
  }

  func testAnUnrootedWidgetOrAnotherObjectGivesNoParentOneMessageAndNoCritical() {
    onMain {
      let unrooted = GObjectRef(adoptingNew: gtk_label_new("in no window"))
      let menu = GObjectRef(adoptingNew: g_menu_new())
      LogWatch.start()
      let unrootedDialog = HelpDialog(title: "Help", over: unrooted.widget)
      XCTAssertNil(gtk_window_get_transient_for(unrootedDialog.gtkWindow))
      XCTAssertEqual(gtk_window_get_destroy_with_parent(unrootedDialog.gtkWindow), 0)
      unrootedDialog.close()
      XCTAssertEqual(LogWatch.helpViewerMessages.count, 1, "one message: \(LogWatch.helpViewerMessages)")
      XCTAssertTrue(LogWatch.helpViewerMessages.last?.contains("GtkLabel") == true, "names what was given")
      XCTAssertTrue(LogWatch.helpViewerMessages.last?.contains("in no window") == true)

      let menuDialog = HelpDialog(title: "Help", over: menu.opaque)
      XCTAssertNil(gtk_window_get_transient_for(menuDialog.gtkWindow))
      menuDialog.close()
      XCTAssertEqual(LogWatch.helpViewerMessages.count, 2, "one more message: \(LogWatch.helpViewerMessages)")
      XCTAssertTrue(LogWatch.helpViewerMessages.last?.contains("GMenu") == true)

      let none = HelpDialog(title: "Help", over: nil)
      XCTAssertNil(gtk_window_get_transient_for(none.gtkWindow))
      none.close()
      XCTAssertEqual(LogWatch.helpViewerMessages.count, 2, "no parent at all is no mistake")
      XCTAssertEqual(
        LogWatch.collected.filter { $0.isThePackages && $0.domain != "HelpViewer" }.map(\.description), [],
        "no GTK critical")
    }
  }
}
