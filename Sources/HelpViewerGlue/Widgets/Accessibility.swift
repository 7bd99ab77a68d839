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

  /// Compares the accessible label with `expected` through GTK's accessibility test API:
  /// `nil` when it is `expected`, else the label it has (for tests and checks).
  ///
  /// ```swift
  /// XCTAssertNil(button.accessibleLabelMismatch("Back"))
  /// ```
  public func accessibleLabelMismatch(_ expected: String) -> String? {
    taking(hv_accessible_check_label(OpaquePointer(self), expected))
  }

  /// As `accessibleLabelMismatch`, for the accessible description.
  public func accessibleDescriptionMismatch(_ expected: String) -> String? {
    taking(hv_accessible_check_description(OpaquePointer(self), expected))
  }

  /// Whether assistive technologies are told the widget is busy (GTK's accessibility test API).
  public var isAccessibleBusy: Bool {
    taking(hv_accessible_check_busy(OpaquePointer(self), 1)) == nil
  }
}

/// The text of a newly allocated C string, freed.
private func taking(_ text: UnsafeMutablePointer<CChar>?) -> String? {
  guard let text else { return nil }
  defer { g_free(text) }
  return String(cString: text)
}
