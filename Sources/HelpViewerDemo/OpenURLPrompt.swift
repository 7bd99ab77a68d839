import HelpViewerCGtk
import HelpViewerDemoContent
import HelpViewerGlue

/// The developer's "Open URL…" window: an address entry and an Open button over the main
/// window; Enter or Open hands the text to `onOpen` and closes it. `example.com` means
/// `https://example.com`.
///
/// ```swift
/// let prompt = OpenURLPrompt(over: window) { address in demo.showDialog(.address(address), title: "Web Page") }
/// prompt.present()
/// ```
@MainActor
final class OpenURLPrompt {
  let window: UnsafeMutablePointer<GtkWindow>
  let entry: UnsafeMutablePointer<GtkWidget>
  private let onOpen: @MainActor (String) -> Void
  private let signals = SignalBag()

  init(over parent: UnsafeMutablePointer<GtkWindow>, onOpen: @escaping @MainActor (String) -> Void) {
    self.onOpen = onOpen
    window = gcast(gtk_window_new()!)
    gtk_window_set_title(window, notebookLocalized("Open URL"))
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_modal(window, 1)
    gtk_window_set_destroy_with_parent(window, 1)
    gtk_window_set_default_size(window, 420, -1)
    let header = gtk_header_bar_new()!
    gtk_window_set_titlebar(window, header)
    let open = mnemonicButton(notebookLocalized("_Open"))
    gtk_widget_add_css_class(gcast(open), "suggested-action")
    gtk_header_bar_pack_end(gcast(header), gcast(open))
    entry = gtk_entry_new()!
    gtk_entry_set_placeholder_text(gcast(entry), "example.com")
    gtk_entry_set_activates_default(gcast(entry), 1)
    for set in [
      gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end,
    ] {
      set(entry, 12)
    }
    gtk_window_set_child(window, entry)
    signals += open.connectClicked { [weak self] in self?.open() }
    signals += UnsafeMutablePointer<GtkEntry>(gcast(entry)).connectActivate { [weak self] in self?.open() }
  }

  func present() { gtk_window_present(window) }

  private func open() {
    let text = gtk_editable_get_text(gcast(entry)).map { String(cString: $0) } ?? ""
    gtk_window_destroy(window)
    onOpen(text)
  }
}
