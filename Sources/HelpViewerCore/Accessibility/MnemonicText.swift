/// The words of a mnemonic label ("_Retry") as a screen reader should say them ("Retry").
///
/// GTK 4.8 names a button made with `gtk_button_new_with_mnemonic` from both its label's text and
/// its mnemonic ("_Retry Retry"): the viewer sets the plain words as the accessible label.
///
/// ```swift
/// MnemonicText.plain("_Retry")      // "Retry"
/// MnemonicText.plain("Save __as_")  // "Save _as"
/// ```
public enum MnemonicText {
  /// `label` without its mnemonic underscores; a doubled underscore stays as one.
  public static func plain(_ label: String) -> String {
    var result = ""
    var pendingUnderscore = false
    for character in label {
      if character == "_" {
        if pendingUnderscore {
          result.append("_")
          pendingUnderscore = false
        } else {
          pendingUnderscore = true
        }
        continue
      }
      pendingUnderscore = false
      result.append(character)
    }
    return result
  }
}
