import HelpViewerCGtk
import HelpViewerCore

/// A button with a mnemonic label ("_Retry": Alt+R presses it) that screen readers name by its
/// words alone ("Retry"); GTK 4.8 names it "_Retry Retry" otherwise: its label property joined
/// with the words of the label it is labelled by. The button keeps the label property alone.
///
/// ```swift
/// let retry = mnemonicButton(localized("_Retry"))   // a new, floating GtkButton
/// ```
@MainActor
public func mnemonicButton(_ label: String) -> UnsafeMutablePointer<GtkButton> {
  let button: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_mnemonic(label)
  button.setAccessibleLabel(MnemonicText.plain(label))
  gtk_accessible_reset_relation(OpaquePointer(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
  return gcast(button)
}
