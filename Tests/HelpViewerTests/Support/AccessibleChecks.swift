import HelpViewerCGtk
import HelpViewerTestShim

// GTK's accessibility test API, through the tests' own C target (HelpViewerTestShim): what
// assistive technologies are told, checked by GTK itself. No shipped code calls it.

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Compares the accessible label with `expected`: `nil` when it is `expected`, else the
  /// label it has.
  ///
  /// ```swift
  /// XCTAssertNil(button.accessibleLabelMismatch("Back"))
  /// ```
  func accessibleLabelMismatch(_ expected: String) -> String? {
    taking(hv_test_accessible_check_label(OpaquePointer(self), expected))
  }

  /// As `accessibleLabelMismatch`, for the accessible description.
  func accessibleDescriptionMismatch(_ expected: String) -> String? {
    taking(hv_test_accessible_check_description(OpaquePointer(self), expected))
  }

  /// Whether assistive technologies are told the widget is busy.
  var isAccessibleBusy: Bool {
    taking(hv_test_accessible_check_busy(OpaquePointer(self), 1)) == nil
  }
}

/// The text of a newly allocated C string, freed.
private func taking(_ text: UnsafeMutablePointer<CChar>?) -> String? {
  guard let text else { return nil }
  defer { g_free(text) }
  return String(cString: text)
}
