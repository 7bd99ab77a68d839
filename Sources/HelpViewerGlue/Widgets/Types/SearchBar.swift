import HelpViewerCGtk

/// A GTK search bar (`GtkSearchBar`): a row that slides in under a header bar to hold a search
/// entry, and out again (Esc in the entry closes it).
///
/// ```swift
/// let bar = SearchBar(child: row, entry: entry)
/// bar.bindSearchMode(to: toggle)   // the header's toggle opens and closes it
/// bar.isSearchModeOn = true        // Ctrl+K
/// ```
@MainActor
public final class SearchBar: Widget {
  /// A search bar around `child`, whose `entry` gets the keys typed while the bar is shown.
  public init(child: Widget, entry: SearchEntry) {
    super.init(adoptingNew: gtk_search_bar_new())
    gtk_search_bar_set_child(bar, child.widget)
    gtk_search_bar_connect_entry(bar, entry.entry)
    gtk_search_bar_set_show_close_button(bar, 0)
  }

  private var bar: OpaquePointer { OpaquePointer(raw) }

  /// Whether the bar is shown.
  public var isSearchModeOn: Bool {
    get { gtk_search_bar_get_search_mode(bar) != 0 }
    set { gtk_search_bar_set_search_mode(bar, newValue ? 1 : 0) }
  }

  /// Keeps `toggle` pressed exactly while the bar is shown, both ways.
  public func bindSearchMode(to toggle: ToggleButton) {
    g_object_bind_property(
      toggle.raw, "active", raw, "search-mode-enabled",
      GBindingFlags(rawValue: G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue))
  }

  /// Runs `handler` after the bar was shown or hidden.
  @discardableResult
  public func connectSearchModeChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connectNotify(raw, property: "search-mode-enabled", handler)
  }
}
