import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue

/// Help search in a dialog's header, GNOME's search pattern: a toggle button in the header bar
/// (`system-search-symbolic`) and, below the header, a `GtkSearchBar` with a `GtkSearchEntry`
/// and a spinner shown while the book's index builds.
///
/// It only holds the widgets; `HelpDialog+Search` does the searching. It holds a reference to
/// each widget it touches, so a late change (an index that finishes building after the dialog's
/// window was destroyed) writes into live, unparented widgets, never freed ones.
///
/// ```swift
/// let search = SearchBar()
/// gtk_header_bar_pack_end(header.bar, gcast(search.toggle))
/// search.isOpen = true   // Ctrl+K
/// ```
@MainActor
final class SearchBar {
  /// The header's toggle button.
  let toggle: UnsafeMutablePointer<GtkWidget>
  /// The `GtkSearchBar` (put it above the page).
  let bar: UnsafeMutablePointer<GtkWidget>
  /// The `GtkSearchEntry`.
  let entry: OpaquePointer
  /// Spins while the index builds.
  let spinner: OpaquePointer
  /// The references that keep the widgets above alive as long as the search bar.
  private let owned: [GObjectRef]

  init() {
    toggle = gtk_toggle_button_new()
    gtk_button_set_icon_name(gcast(toggle), "system-search-symbolic")
    let label = localized("Search Help (Ctrl+K)")
    gtk_widget_set_tooltip_text(toggle, label)
    toggle.setAccessibleLabel(localized("Search Help"))

    entry = gcast(gtk_search_entry_new()!)
    gtk_search_entry_set_search_delay(entry, 200)
    gtk_widget_set_hexpand(gcast(entry), 1)
    gtk_editable_set_max_width_chars(entry, 40)
    Self.setPlaceholder(entry, localized("Search Help"))
    UnsafeMutablePointer<GtkWidget>(gcast(entry)).setAccessibleLabel(localized("Search Help"))
    spinner = gcast(gtk_spinner_new()!)
    gtk_widget_set_visible(gcast(spinner), 0)
    gtk_widget_set_tooltip_text(gcast(spinner), localized("Preparing search…"))

    let box: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
    gtk_box_append(gcast(box), gcast(entry))
    gtk_box_append(gcast(box), gcast(spinner))
    bar = gtk_search_bar_new()
    gtk_search_bar_set_child(gcast(bar), box)
    gtk_search_bar_connect_entry(gcast(bar), entry)
    gtk_search_bar_set_show_close_button(gcast(bar), 0)
    g_object_bind_property(
      UnsafeMutableRawPointer(toggle), "active", UnsafeMutableRawPointer(bar), "search-mode-enabled",
      GBindingFlags(rawValue: G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue))
    // A reference of its own to each (the box and the entry are already held by their parents).
    owned = [
      UnsafeMutableRawPointer(toggle), UnsafeMutableRawPointer(bar), UnsafeMutableRawPointer(entry),
      UnsafeMutableRawPointer(spinner), UnsafeMutableRawPointer(box),
    ].map { GObjectRef(sinking: $0) }
  }

  /// Whether the search bar shows.
  var isOpen: Bool {
    get { gtk_search_bar_get_search_mode(gcast(bar)) != 0 }
    set { gtk_search_bar_set_search_mode(gcast(bar), newValue ? 1 : 0) }
  }

  /// The entry's text.
  var text: String {
    get { gtk_editable_get_text(entry).map { String(cString: $0) } ?? "" }
    set { gtk_editable_set_text(entry, newValue) }
  }

  /// Puts the keyboard focus in the entry, unless it is there already, without selecting its
  /// text: a second grab would select what was typed since the first, and the next key would
  /// replace it (a quick typist's first letters lost).
  func focusEntry() {
    let widget: UnsafeMutablePointer<GtkWidget> = gcast(entry)
    if let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root),
      focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    {
      return
    }
    if let text = gtk_editable_get_delegate(entry) {
      gtk_text_grab_focus_without_selecting(UnsafeMutableRawPointer(text).assumingMemoryBound(to: GtkText.self))
    } else {
      gtk_widget_grab_focus(widget)
    }
  }

  /// Called when `isBuilding` changes (for tests: the sequence of states).
  var onBuildingChange: ((Bool) -> Void)?

  /// Whether the index is building: the spinner spins and the entry says so.
  var isBuilding = false {
    didSet {
      guard isBuilding != oldValue else { return }
      onBuildingChange?(isBuilding)
      gtk_widget_set_visible(gcast(spinner), isBuilding ? 1 : 0)
      if isBuilding { gtk_spinner_start(spinner) } else { gtk_spinner_stop(spinner) }
      let description = isBuilding ? localized("Preparing search…") : ""
      UnsafeMutablePointer<GtkWidget>(gcast(entry)).setAccessibleDescription(description)
      gtk_widget_set_tooltip_text(gcast(entry), isBuilding ? description : nil)
    }
  }

  /// Sets a `GtkSearchEntry`'s `placeholder-text` (a property, with no setter function in GTK 4.8).
  private static func setPlaceholder(_ entry: OpaquePointer, _ text: String) {
    var value = GValue()
    g_value_init(&value, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_STRING
    g_value_set_string(&value, text)
    g_object_set_property(gcast(entry), "placeholder-text", &value)
    g_value_unset(&value)
  }
}
