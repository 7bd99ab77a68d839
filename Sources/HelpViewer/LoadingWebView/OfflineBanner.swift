import Foundation
import HelpViewerCore
import HelpViewerGlue

/// The note over the page when the bundled offline copy is shown instead of the page asked for,
/// with a Retry button that tries the real page again.
@MainActor
final class OfflineBanner {
  let root = Box(.horizontal, spacing: 12)
  let retryButton = Button(mnemonic: localized("_Retry"))
  private let label = Label()

  init() {
    root.addStyleClass("help-viewer-offline")
    root.verticalAlignment = .start
    label.wraps = true
    label.horizontalTextAlignment = 0
    label.expandsHorizontally = true
    retryButton.tooltip = localized("Try the online page again")
    root.append(label)
    root.append(retryButton)
    root.isVisible = false
  }

  func render(_ state: LoadState) {
    if let reason = state.offlineReason {
      // TRANSLATORS: %1$@ is the error's title, %2$@ its message.
      let note = localized("Showing the offline copy saved with the app. %1$@: %2$@")
      label.text = String(format: note, reason.title, reason.message)
    }
    root.isVisible = state.isOfflineCopy
  }

  /// The note's text (for tests and accessibility).
  var text: String { label.text }
}
