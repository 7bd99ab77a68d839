import HelpViewerCGtk

/// CSS rules for the widgets of the default display (`GtkCssProvider`), at the application's
/// priority: above the theme's, below a user's own `gtk.css`.
///
/// ```swift
/// StyleSheet.addToDefaultDisplay(".help-viewer-note { padding: 6px 12px; }")
/// ```
@MainActor
public enum StyleSheet {
  /// Adds `css` to the default display; returns `false` (and adds nothing) before there is a
  /// display.
  @discardableResult
  public static func addToDefaultDisplay(_ css: String) -> Bool {
    guard let display = gdk_display_get_default() else { return false }
    let provider = GObjectRef(adoptingNew: gtk_css_provider_new())
    gtk_css_provider_load_from_data(provider.pointer(), css, -1)
    gtk_style_context_add_provider_for_display(
      display, provider.opaque, UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    return true
  }
}
