import HelpViewerCore
import HelpViewerGlue

/// The header bar's title: the page title (ellipsized), and under it, smaller and dim, the
/// page's host with a lock for HTTPS (an open lock for plain HTTP). Bundled pages and files
/// have no host line. It owns every widget it draws into, so drawing after the dialog's window
/// is gone writes into live widgets.
@MainActor
final class DialogTitle {
  let box = Box(.vertical)
  let titleLabel = Label()
  let hostLabel = Label()
  let lockIcon = Image(iconName: "channel-secure-symbolic")
  private let hostRow = Box(.horizontal, spacing: 4)

  init() {
    box.verticalAlignment = .center

    titleLabel.addStyleClass("title")
    titleLabel.ellipsis = .end
    titleLabel.isSingleLine = true
    titleLabel.widthInCharacters = 5

    hostRow.horizontalAlignment = .center
    lockIcon.addStyleClass("dim-label")
    hostLabel.addStyleClass("subtitle")
    hostLabel.ellipsis = .middle
    hostLabel.isSingleLine = true
    hostRow.append(lockIcon)
    hostRow.append(hostLabel)

    box.append(titleLabel)
    box.append(hostRow)
    render(title: "", origin: PageOrigin(address: nil))
  }

  /// Shows `title`, and `origin`'s host with its lock (or no host line).
  func render(title: String, origin: PageOrigin) {
    titleLabel.text = title
    hostRow.isVisible = origin.host != nil
    hostLabel.text = origin.host ?? ""
    let (icon, meaning): (String, String) =
      switch origin.security {
      case .encrypted: ("channel-secure-symbolic", localized("Secure connection"))
      case .unencrypted: ("channel-insecure-symbolic", localized("Connection is not secure"))
      case .local: ("channel-secure-symbolic", "")
      }
    lockIcon.iconName = icon
    lockIcon.tooltip = meaning
    lockIcon.setAccessibleLabel(meaning)
    lockIcon.isVisible = origin.security != .local
  }

  /// The title shown.
  var text: String { titleLabel.text }

  /// The host line shown now, `nil` when hidden (for tests).
  var shownHost: String? { hostRow.isVisible ? hostLabel.text : nil }
}
