import Foundation
import HelpViewerCGtk
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// The error view negotiates its size as GTK expects (issue 20.3): in a `GtkPaned` with a
/// fixed-width end child, a `GtkBox` or a `GtkScrolledWindow`, no container warns about it.
final class ErrorViewLayoutTests: GtkTestCase {
  func testTheErrorViewInContainersMakesNoGTKWarning() throws {
    try onMain {
      let url = try closedPortURL()
      LogWatch.start()
      for container in ["paned", "box", "scrolled"] {
        let viewer = LoadingWebView(url: url)
        let side: UnsafeMutablePointer<GtkWidget> = gtk_label_new("A side panel of fixed width")
        gtk_widget_set_size_request(side, 220, -1)
        let root: UnsafeMutablePointer<GtkWidget>
        switch container {
        case "paned":
          root = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)
          gtk_paned_set_start_child(gcast(root), viewer.gtkWidget)
          gtk_paned_set_end_child(gcast(root), side)
          gtk_paned_set_resize_end_child(gcast(root), 0)
          gtk_paned_set_shrink_end_child(gcast(root), 0)
        case "box":
          root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
          gtk_widget_set_hexpand(viewer.gtkWidget, 1)
          gtk_box_append(gcast(root), viewer.gtkWidget)
          gtk_box_append(gcast(root), side)
        default:
          root = gtk_scrolled_window_new()
          gtk_scrolled_window_set_child(gcast(root), viewer.gtkWidget)
        }
        let window = showInWindow(root, title: "Error view in a \(container)")
        waitUntil("the error view in the \(container)") {
          viewer.state.error != nil && gtk_widget_get_mapped(viewer.errorView.root.widget) != 0
        }
        // Narrow and wide, as a person resizes the window, with the details shown and hidden.
        for expanded in [false, true] {
          viewer.errorView.detailsExpander.isExpanded = expanded
          for width: Int32 in [360, 1200, 500, 300] {
            gtk_window_set_default_size(window, width, 420)
            MainLoop.spin(until: { gtk_widget_get_width(gcast(window)) == width }, timeout: 2)
          }
        }
        gtk_window_destroy(window)
      }
      let warnings = LogWatch.collected.filter { $0.domain == "Gtk" }.map(\.description)
      XCTAssertEqual(warnings, [], "GTK's warnings about the error view's size")
    }
  }
}
