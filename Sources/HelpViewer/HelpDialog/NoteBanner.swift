import HelpViewerCore
import HelpViewerGlue

/// A note above a help book's page, e.g. "The help page “x” was not found; showing the
/// contents.", with a button that closes it. Announced to assistive technologies as a status.
/// It owns its widgets (they outlive a destroyed dialog window).
///
/// ```swift
/// let note = NoteBanner()
/// note.show("The help page “x” was not found; showing the contents.")
/// ```
@MainActor
final class NoteBanner {
  let root = Box(.horizontal, spacing: 12, role: .status)
  let closeButton = Button(iconName: "window-close-symbolic")
  private let label = Label()
  private let signals = SignalBag()

  init() {
    Styles.install()  // Its `.help-viewer-note` rule.
    root.addStyleClass("help-viewer-note")
    label.wraps = true
    label.horizontalTextAlignment = 0
    label.expandsHorizontally = true
    closeButton.addStyleClass("flat")
    closeButton.tooltip = localized("Close the note")
    closeButton.setAccessibleLabel(localized("Close the note"))
    root.append(label)
    root.append(closeButton)
    root.isVisible = false
    signals += closeButton.connectClicked { [weak self] in self?.hide() }
  }

  /// Shows `text`.
  func show(_ text: String) {
    label.text = text
    root.setAccessibleLabel(text)
    root.isVisible = true
  }

  /// Hides the note.
  func hide() { root.isVisible = false }

  /// Disconnects the close button (when the dialog ends).
  func disconnect() { signals.disconnectAll() }

  /// Whether the note shows.
  var isShown: Bool { root.isVisible }

  /// The note's text (for tests and accessibility).
  var text: String { label.text }
}
