import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue

/// A note above a help book's page, e.g. "The help page “x” was not found; showing the
/// contents.", with a button that closes it. Announced to assistive technologies as a status.
/// It holds a reference to each widget it touches (they outlive a destroyed dialog window).
///
/// ```swift
/// let note = NoteBanner()
/// note.show("The help page “x” was not found; showing the contents.")
/// ```
@MainActor
final class NoteBanner {
  let root: UnsafeMutablePointer<GtkWidget>
  let closeButton: UnsafeMutablePointer<GtkButton>
  private let label: OpaquePointer
  private let signals = SignalBag()
  /// The references that keep the widgets above alive as long as the note.
  private let owned: [GObjectRef]

  init() {
    Styles.install()  // Its `.help-viewer-note` rule.
    root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
    gtk_widget_add_css_class(root, "help-viewer-note")
    root.setAccessibleRole(GTK_ACCESSIBLE_ROLE_STATUS)
    label = gcast(gtk_label_new(nil)!)
    gtk_label_set_wrap(label, 1)
    gtk_label_set_xalign(label, 0)
    gtk_widget_set_hexpand(gcast(label), 1)
    closeButton = gcast(gtk_button_new_from_icon_name("window-close-symbolic")!)
    gtk_widget_add_css_class(gcast(closeButton), "flat")
    gtk_widget_set_tooltip_text(gcast(closeButton), localized("Close the note"))
    UnsafeMutablePointer<GtkWidget>(gcast(closeButton)).setAccessibleLabel(localized("Close the note"))
    gtk_box_append(gcast(root), gcast(label))
    gtk_box_append(gcast(root), gcast(closeButton))
    gtk_widget_set_visible(root, 0)
    owned = [UnsafeMutableRawPointer(root), UnsafeMutableRawPointer(closeButton), UnsafeMutableRawPointer(label)].map {
      GObjectRef(sinking: $0)
    }
    signals += closeButton.connectClicked { [weak self] in self?.hide() }
  }

  /// Shows `text`.
  func show(_ text: String) {
    gtk_label_set_text(label, text)
    root.setAccessibleLabel(text)
    gtk_widget_set_visible(root, 1)
  }

  /// Hides the note.
  func hide() { gtk_widget_set_visible(root, 0) }

  /// Disconnects the close button (when the dialog ends).
  func disconnect() { signals.disconnectAll() }

  /// Whether the note shows.
  var isShown: Bool { gtk_widget_get_visible(root) != 0 }

  /// The note's text (for tests and accessibility).
  var text: String { gtk_label_get_text(label).map { String(cString: $0) } ?? "" }
}
