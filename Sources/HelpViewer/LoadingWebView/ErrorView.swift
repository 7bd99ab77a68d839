import HelpViewerCore
import HelpViewerGlue

/// The view shown instead of the page when a load fails: an icon, a title, a message a person
/// understands, expandable technical details, and a Retry button.
@MainActor
final class ErrorView {
  /// An alert: screen readers announce the error when the view appears.
  let root = Box(.vertical, spacing: 12, role: .alert)
  let retryButton = Button(mnemonic: localized("_Retry"))
  /// "Technical Details", which shows the error's details when expanded.
  let detailsExpander: Expander
  private let icon = Image(iconName: "dialog-error-symbolic", pixelSize: 64)
  private let titleLabel = Label()
  private let messageLabel = Label()
  private let detailsLabel = Label()

  init() {
    root.verticalAlignment = .center
    root.horizontalAlignment = .center
    root.startMargin = 24
    root.endMargin = 24
    root.addStyleClass("help-viewer-error")

    icon.addStyleClass("dim-label")

    titleLabel.addStyleClass("help-viewer-error-title")
    titleLabel.wraps = true
    titleLabel.centersLines = true

    messageLabel.wraps = true
    messageLabel.centersLines = true
    messageLabel.maximumWidthInCharacters = 50

    detailsLabel.wraps = true
    detailsLabel.isSelectable = true
    detailsLabel.maximumWidthInCharacters = 60
    detailsLabel.addStyleClass("dim-label")
    detailsExpander = Expander(localized("Technical Details"), child: detailsLabel)
    detailsExpander.horizontalAlignment = .center

    retryButton.addStyleClass("suggested-action")
    retryButton.addStyleClass("pill")
    retryButton.horizontalAlignment = .center
    retryButton.tooltip = localized("Load the page again")

    for child: Widget in [icon, titleLabel, messageLabel, retryButton, detailsExpander] {
      root.append(child)
    }
  }

  /// Shows `error`'s title, message and details.
  func show(_ error: LoadError) {
    icon.iconName = iconName(for: error.kind)
    titleLabel.text = error.title
    messageLabel.text = error.message
    retryButton.isVisible = error.isRetryable  // No Retry that cannot help.
    var details = [error.url.map { "Address: \($0)" }, error.details].compactMap { $0 }
    details.insert("Kind: \(error.kind.rawValue)", at: 0)
    detailsLabel.text = details.joined(separator: "\n")
    root.setAccessibleLabel(error.title)
    root.setAccessibleDescription(error.message)
  }

  /// Retry, or the technical details when the error has no Retry (`LoadError.isRetryable`),
  /// takes the keyboard focus.
  func focus() {
    if retryButton.isVisible { retryButton.grabFocus() } else { detailsExpander.grabFocus() }
  }

  /// The title and message shown now (for tests and accessibility).
  var shownText: (title: String, message: String) { (titleLabel.text, messageLabel.text) }

  private func iconName(for kind: LoadError.Kind) -> String {
    switch kind {
    case .hostNotFound, .cannotConnect, .timedOut: return "network-offline-symbolic"
    case .tlsFailure, .blockedPort, .blockedByPolicy: return "security-low-symbolic"
    case .httpError, .invalidURL, .unsupportedScheme, .helpNotFound, .pageNotFound: return "dialog-question-symbolic"
    default: return "dialog-error-symbolic"
    }
  }
}
