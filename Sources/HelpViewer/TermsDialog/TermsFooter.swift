import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue

/// The terms dialog's action bar: a hint on the left, Decline and Accept on the right (Accept
/// is the suggested action). It holds a reference to every widget it draws into, so drawing after
/// the dialog's window is gone writes into live widgets.
@MainActor
final class TermsFooter {
  let bar: UnsafeMutablePointer<GtkWidget>
  let declineButton: UnsafeMutablePointer<GtkButton>
  let acceptButton: UnsafeMutablePointer<GtkButton>
  let hintLabel: OpaquePointer
  /// The references that keep the widgets above alive as long as the footer.
  private let owned: [GObjectRef]

  init() {
    let refs = [
      GObjectRef(adoptingNew: gtk_action_bar_new()),
      GObjectRef(adoptingNew: mnemonicButton(localized("_Decline"))),
      GObjectRef(adoptingNew: mnemonicButton(localized("_Accept"))),
      GObjectRef(adoptingNew: gtk_label_new(nil)),
    ]
    owned = refs
    bar = refs[0].widget
    declineButton = refs[1].pointer()
    acceptButton = refs[2].pointer()
    gtk_widget_add_css_class(gcast(acceptButton), "suggested-action")
    hintLabel = refs[3].opaque
    gtk_widget_add_css_class(gcast(hintLabel), "dim-label")
    gtk_label_set_xalign(hintLabel, 0)
    // Wrapped, never cut off, in every language; as wide as the bar leaves it.
    gtk_label_set_wrap(hintLabel, 1)
    gtk_label_set_wrap_mode(hintLabel, PANGO_WRAP_WORD_CHAR)
    gtk_label_set_natural_wrap_mode(hintLabel, GTK_NATURAL_WRAP_WORD)
    gtk_label_set_width_chars(hintLabel, 12)
    gtk_widget_set_hexpand(gcast(hintLabel), 1)
    gtk_action_bar_pack_start(gcast(bar), gcast(hintLabel))
    gtk_action_bar_pack_end(gcast(bar), gcast(acceptButton))
    gtk_action_bar_pack_end(gcast(bar), gcast(declineButton))
  }

  /// Shows `hint` (Accept's sensitivity follows its action, `terms.accept`).
  func render(canAccept: Bool, hint: String) {
    gtk_label_set_text(hintLabel, hint)
    gtk_widget_set_tooltip_text(gcast(acceptButton), canAccept ? nil : (hint.isEmpty ? nil : hint))
  }
}
