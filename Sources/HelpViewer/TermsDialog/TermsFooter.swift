import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue

/// The terms dialog's action bar: a hint on the left, Decline and Accept on the right (Accept
/// is the suggested action).
@MainActor
final class TermsFooter {
  let bar: UnsafeMutablePointer<GtkWidget>
  let declineButton: UnsafeMutablePointer<GtkButton>
  let acceptButton: UnsafeMutablePointer<GtkButton>
  let hintLabel: OpaquePointer

  init() {
    bar = gtk_action_bar_new()
    declineButton = gcast(gtk_button_new_with_mnemonic(localized("_Decline")))
    acceptButton = gcast(gtk_button_new_with_mnemonic(localized("_Accept")))
    gtk_widget_add_css_class(gcast(acceptButton), "suggested-action")
    gtk_widget_set_sensitive(gcast(acceptButton), 0)
    hintLabel = gcast(gtk_label_new(nil))
    gtk_widget_add_css_class(gcast(hintLabel), "dim-label")
    gtk_label_set_xalign(hintLabel, 0)
    gtk_label_set_ellipsize(hintLabel, PANGO_ELLIPSIZE_END)
    gtk_widget_set_hexpand(gcast(hintLabel), 1)
    gtk_action_bar_pack_start(gcast(bar), gcast(hintLabel))
    gtk_action_bar_pack_end(gcast(bar), gcast(acceptButton))
    gtk_action_bar_pack_end(gcast(bar), gcast(declineButton))
  }

  /// Enables Accept when `canAccept`, and shows `hint`.
  func render(canAccept: Bool, hint: String) {
    gtk_widget_set_sensitive(gcast(acceptButton), canAccept ? 1 : 0)
    gtk_label_set_text(hintLabel, hint)
    gtk_widget_set_tooltip_text(gcast(acceptButton), canAccept ? nil : (hint.isEmpty ? nil : hint))
  }
}
