import HelpViewerCore
import HelpViewerGlue

/// The dialog's header bar: back, forward and reload/stop, the page title with its host and
/// lock, Open in Browser, the menu, and close; each button enabled only when it can act, each
/// left out when the host's `HelpDialog.Controls` say so. Every button is an icon with a tooltip
/// and an accessible label.
///
/// It owns every widget it draws into: when the dialog's window is destroyed (e.g. with its
/// parent), a late `render` still writes into live, unparented widgets.
@MainActor
final class DialogHeader {
  let bar = HeaderBar(showsWindowButtons: false)
  let backButton = DialogHeader.iconButton("go-previous-symbolic", label: localized("Back"))
  let forwardButton = DialogHeader.iconButton("go-next-symbolic", label: localized("Forward"))
  let reloadButton = DialogHeader.iconButton("view-refresh-symbolic", label: localized("Reload"))
  let openInBrowserButton = DialogHeader.iconButton("web-browser-symbolic", label: localized("Open in Browser"))
  let closeButton = DialogHeader.iconButton("window-close-symbolic", label: localized("Close"))
  let menu = DialogMenu()
  let title = DialogTitle()
  /// The page title label.
  var titleLabel: Label { title.titleLabel }
  /// The controls the host asked for.
  private var controls: HelpDialog.Controls = []
  /// Whether back and forward show whatever the controls say: a dialog showing a help book
  /// has them, as Yelp does (`HelpDialog.attach(book:)`).
  var showsBookNavigation = false {
    didSet { show(controls) }
  }

  init(controls: HelpDialog.Controls) {
    openInBrowserButton.actionName = "dialog.open-in-browser"
    for button in [backButton, forwardButton, reloadButton] { bar.packStart(button) }
    // packEnd fills from the right edge: close, then the menu, then Open in Browser.
    bar.packEnd(closeButton)
    bar.packEnd(menu.button)
    bar.packEnd(openInBrowserButton)
    bar.setTitleWidget(title.box)
    show(controls)
  }

  /// Shows the buttons `controls` asks for and hides the others (also when a closed dialog's
  /// header serves the next dialog).
  func show(_ controls: HelpDialog.Controls) {
    self.controls = controls
    let navigates = controls.contains(.navigation)
    for button in [backButton, forwardButton] { button.isVisible = navigates || showsBookNavigation }
    reloadButton.isVisible = navigates
    closeButton.isVisible = controls.contains(.close)
    menu.button.isVisible = controls.contains(.menu)
    openInBrowserButton.isVisible = controls.contains(.openInBrowser)
  }

  /// Shows Open in Browser when the controls ask for it, except over a page no browser can
  /// open (`PageOrigin.browserURL`): a help book's pages are this viewer's alone. Before any
  /// page, it shows, disabled.
  private func renderOpenInBrowser(_ state: LoadState) {
    let address = state.url ?? state.requestedURL
    let noBrowser = address != nil && PageOrigin(address: address).browserURL == nil
    openInBrowserButton.isVisible = controls.contains(.openInBrowser) && !noBrowser
  }

  /// Shows the back and reload buttons only when they are needed now (a sheet without
  /// navigation, e.g. the terms': back after a link led away, reload when a page must be read
  /// again); forward stays hidden.
  func showOnly(back: Bool, reload: Bool) {
    backButton.isVisible = back
    forwardButton.isVisible = false
    reloadButton.isVisible = reload
  }

  /// Shows `title` with the page's origin and enables the buttons that can act in `state`.
  func render(_ state: LoadState, title text: String) {
    title.render(title: text, origin: PageOrigin(state))
    backButton.isSensitive = state.canGoBack
    forwardButton.isSensitive = state.canGoForward
    let stops = state.isLoading
    reloadButton.iconName = stops ? "process-stop-symbolic" : "view-refresh-symbolic"
    Self.label(reloadButton, stops ? localized("Stop") : localized("Reload"))
    reloadButton.isSensitive = stops || state.canReload
    renderOpenInBrowser(state)
  }

  /// Shows the page's zoom level in the menu's zoom row, e.g. 120 → "120%".
  ///
  /// For the viewer's zoom actions to call when the zoom changes.
  func setZoomLabel(percent: Int) {
    menu.setZoomLevel(percent: percent)
  }

  private static func iconButton(_ icon: String, label text: String) -> Button {
    let button = Button(iconName: icon)
    label(button, text)
    return button
  }

  /// An icon-only button's tooltip and accessible label: the same words.
  private static func label(_ button: Button, _ text: String) {
    button.tooltip = text
    button.setAccessibleLabel(text)
  }
}
