import HelpViewerCGtk

/// A GTK toggle button (`GtkToggleButton`): a button that stays pressed in until pressed again.
///
/// ```swift
/// let toggle = ToggleButton(iconName: "system-search-symbolic")
/// searchBar.bindSearchMode(to: toggle)
/// ```
@MainActor
public final class ToggleButton: Widget {
  /// A toggle button showing the icon `iconName`, released.
  public init(iconName: String) {
    super.init(adoptingNew: gtk_toggle_button_new())
    gtk_button_set_icon_name(gcast(raw), iconName)
  }

  /// Whether the button is pressed in.
  public var isActive: Bool {
    get { gtk_toggle_button_get_active(gcast(raw)) != 0 }
    set { gtk_toggle_button_set_active(gcast(raw), newValue ? 1 : 0) }
  }
}
