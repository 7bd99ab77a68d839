import HelpViewerCore
import HelpViewerGlue

/// The terms dialog's action bar: a hint on the left, Decline and Accept on the right (Accept
/// is the suggested action). It owns every widget it draws into, so drawing after the dialog's
/// window is gone writes into live widgets.
@MainActor
final class TermsFooter {
  let bar = ActionBar()
  let declineButton = Button(mnemonic: localized("_Decline"))
  let acceptButton = Button(mnemonic: localized("_Accept"))
  let hintLabel = Label()

  init() {
    acceptButton.addStyleClass("suggested-action")
    hintLabel.addStyleClass("dim-label")
    hintLabel.horizontalTextAlignment = 0
    // Wrapped, never cut off, in every language; as wide as the bar leaves it.
    hintLabel.wraps = true
    hintLabel.wrapMode = .wordsThenCharacters
    hintLabel.widthInCharacters = 12
    hintLabel.expandsHorizontally = true
    bar.packStart(hintLabel)
    bar.packEnd(acceptButton)
    bar.packEnd(declineButton)
  }

  /// Shows `hint` (Accept's sensitivity follows its action, `terms.accept`).
  func render(canAccept: Bool, hint: String) {
    hintLabel.text = hint
    acceptButton.tooltip = canAccept || hint.isEmpty ? nil : hint
  }
}
