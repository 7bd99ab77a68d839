import HelpViewerCGtk
import HelpViewerGlue
import XCTest

/// `widget` and every widget inside it, depth first (a window's header bar included).
@MainActor
func widgetTree(_ widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
  var all = [widget]
  var child = gtk_widget_get_first_child(widget)
  while let current = child {
    all += widgetTree(current)
    child = gtk_widget_get_next_sibling(current)
  }
  return all
}

/// The widget's accessible label as GTK's accessibility test API sees it: `nil` when it is
/// `expected`, else what it is.
@MainActor
func accessibleLabelMismatch(_ widget: UnsafeMutablePointer<GtkWidget>, expected: String) -> String? {
  widget.accessibleLabelMismatch(expected)
}

/// The tooltip of `widget`, or `nil`.
@MainActor
func tooltip(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
  gtk_widget_get_tooltip_text(widget).map { String(cString: $0) }
}

/// The widget that has the keyboard focus in `window`.
@MainActor
func focusWidget(_ window: UnsafeMutablePointer<GtkWindow>) -> UnsafeMutablePointer<GtkWidget>? {
  gtk_window_get_focus(window)
}

/// Whether the focus in `window` is `target` or inside it.
@MainActor
func focusIs(_ target: UnsafeMutableRawPointer, in window: UnsafeMutablePointer<GtkWindow>) -> Bool {
  guard let focus = gtk_window_get_focus(window) else { return false }
  let widget = target.assumingMemoryBound(to: GtkWidget.self)
  return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
}
