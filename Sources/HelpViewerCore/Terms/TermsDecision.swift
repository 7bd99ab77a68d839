/// How a person answered the terms: accepted (with the receipt), declined, or dismissed the
/// dialog without choosing (close button, Esc, the parent window closed).
///
/// ```swift
/// switch await TermsDialog.present(termsURL, over: window) {
/// case .accepted(let receipt): store(receipt)
/// case .declined: quit()
/// case .dismissed: askAgainLater()
/// }
/// ```
public enum TermsDecision: Sendable, Equatable {
  /// Accepted after reaching the end of the document.
  case accepted(TermsReceipt)
  /// The Decline button.
  case declined
  /// Closed without a choice.
  case dismissed

  /// The receipt, when the terms were accepted.
  public var receipt: TermsReceipt? {
    if case .accepted(let receipt) = self { return receipt }
    return nil
  }
}
