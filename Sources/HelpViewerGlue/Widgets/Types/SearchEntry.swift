import HelpViewerCGtk

/// A GTK search entry (`GtkSearchEntry`): a text entry with a search icon and a clear button,
/// which reports changes after a short delay.
///
/// ```swift
/// let entry = SearchEntry(delay: 200)
/// entry.placeholder = localized("Search Help")
/// signals += entry.connectSearchChanged { [weak self] in self?.search(entry.text) }
/// ```
@MainActor
public final class SearchEntry: Widget {
  /// A new, empty entry that reports a change `delay` milliseconds after the last key.
  public init(delay: Int) {
    super.init(adoptingNew: gtk_search_entry_new())
    gtk_search_entry_set_search_delay(entry, UInt32(clamping: delay))
  }

  var entry: OpaquePointer { OpaquePointer(raw) }

  /// The text typed.
  public var text: String {
    get { gtk_editable_get_text(entry).map { String(cString: $0) } ?? "" }
    set { gtk_editable_set_text(entry, newValue) }
  }

  /// The grey text shown while the entry is empty (a property with no setter in GTK 4.8).
  public var placeholder: String {
    get { stringProperty("placeholder-text") ?? "" }
    set { setStringProperty("placeholder-text", newValue) }
  }

  /// The width the entry asks for, in characters.
  public var widthInCharacters: Int {
    get { Int(gtk_editable_get_width_chars(entry)) }
    set { gtk_editable_set_width_chars(entry, Int32(clamping: newValue)) }
  }

  /// The widest the entry asks to be, in characters.
  public var maximumWidthInCharacters: Int {
    get { Int(gtk_editable_get_max_width_chars(entry)) }
    set { gtk_editable_set_max_width_chars(entry, Int32(clamping: newValue)) }
  }

  /// Selects the whole text (typing then replaces it).
  public func selectAll() { gtk_editable_select_region(entry, 0, -1) }

  /// Puts the keyboard focus in the entry, unless it is there already, without selecting its
  /// text: a second grab would select what was typed since the first, and the next key would
  /// replace it (a quick typist's first letters lost).
  public func focusWithoutSelecting() {
    guard !containsFocus else { return }
    if let text = gtk_editable_get_delegate(entry) {
      gtk_text_grab_focus_without_selecting(UnsafeMutableRawPointer(text).assumingMemoryBound(to: GtkText.self))
    } else {
      grabFocus()
    }
  }

  /// `GtkSearchEntry::search-changed`: the text changed (after the entry's delay).
  @discardableResult
  public func connectSearchChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    HelpViewerGlue.connectSearchChanged(entry, handler)
  }

  /// `GtkSearchEntry::stop-search`: Esc was pressed in the entry.
  @discardableResult
  public func connectStopSearch(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    HelpViewerGlue.connectStopSearch(entry, handler)
  }

  /// `GtkSearchEntry::activate`: Enter was pressed in the entry.
  @discardableResult
  public func connectActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connectVoidSignal(raw, "activate", handler)
  }
}
