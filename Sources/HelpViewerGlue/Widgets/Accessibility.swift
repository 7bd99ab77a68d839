import HelpViewerCGtk
import HelpViewerCShim

// GtkAccessible's setters are variadic in C; these set one property or state each, through the
// C shim.

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// The name assistive technologies read for the widget (e.g. "Back" for an arrow icon).
  ///
  /// ```swift
  /// button.setAccessibleLabel(localized("Back"))
  /// ```
  public func setAccessibleLabel(_ label: String) {
    hv_accessible_set_label(OpaquePointer(self), label)
  }

  /// A longer description assistive technologies read after the label.
  public func setAccessibleDescription(_ description: String) {
    hv_accessible_set_description(OpaquePointer(self), description)
  }

  /// Tells assistive technologies the widget is busy (loading) or not.
  public func setAccessibleBusy(_ busy: Bool) {
    hv_accessible_set_busy(OpaquePointer(self), busy ? 1 : 0)
  }

  /// The level assistive technologies read for a heading (1 to 6).
  public func setAccessibleLevel(_ level: Int) {
    hv_accessible_set_level(OpaquePointer(self), Int32(level))
  }

  /// The widget's accessible role; only before the widget is realized (it is a construct
  /// property in GTK 4.8).
  public func setAccessibleRole(_ role: GtkAccessibleRole) {
    hv_widget_set_accessible_role(self, role)
  }
}
