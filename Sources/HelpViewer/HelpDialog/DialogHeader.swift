import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue

/// The dialog's header bar: back, forward and reload/stop, the page title with its host and
/// lock, Open in Browser, the menu, and close; each button enabled only when it can act, each
/// left out when the host's `HelpDialog.Controls` say so. Every button is an icon with a tooltip
/// and an accessible label.
///
/// It holds a reference to every widget it draws into: when the dialog's window is destroyed
/// (e.g. with its parent), a late `render` still writes into live, unparented widgets.
@MainActor
final class DialogHeader {
  let bar: OpaquePointer
  let backButton: UnsafeMutablePointer<GtkButton>
  let forwardButton: UnsafeMutablePointer<GtkButton>
  let reloadButton: UnsafeMutablePointer<GtkButton>
  let openInBrowserButton: UnsafeMutablePointer<GtkButton>
  let closeButton: UnsafeMutablePointer<GtkButton>
  let menu = DialogMenu()
  let title = DialogTitle()
  /// The references that keep the bar and its buttons alive as long as the header.
  private let owned: [GObjectRef]
  /// The page title label.
  var titleLabel: OpaquePointer { title.titleLabel }
  /// The controls the host asked for.
  private var controls: HelpDialog.Controls = []
  /// Whether back and forward show whatever the controls say: a dialog showing a help book
  /// has them, as Yelp does (`HelpDialog.attach(book:)`).
  var showsBookNavigation = false {
    didSet { show(controls) }
  }

  init(controls: HelpDialog.Controls) {
    let barRef = GObjectRef(adoptingNew: gtk_header_bar_new())
    bar = barRef.opaque
    gtk_header_bar_set_show_title_buttons(bar, 0)
    backButton = Self.iconButton("go-previous-symbolic", label: localized("Back"))
    forwardButton = Self.iconButton("go-next-symbolic", label: localized("Forward"))
    reloadButton = Self.iconButton("view-refresh-symbolic", label: localized("Reload"))
    openInBrowserButton = Self.iconButton("web-browser-symbolic", label: localized("Open in Browser"))
    closeButton = Self.iconButton("window-close-symbolic", label: localized("Close"))
    owned =
      [barRef]
      + [backButton, forwardButton, reloadButton, openInBrowserButton, closeButton].map {
        GObjectRef(adoptingNonNil: UnsafeMutableRawPointer($0))
      }
    gtk_actionable_set_action_name(gcast(openInBrowserButton), "dialog.open-in-browser")

    for button in [backButton, forwardButton, reloadButton] {
      gtk_header_bar_pack_start(bar, gcast(button))
    }
    // pack_end fills from the right edge: close, then the menu, then Open in Browser.
    gtk_header_bar_pack_end(bar, gcast(closeButton))
    gtk_header_bar_pack_end(bar, gcast(menu.button))
    gtk_header_bar_pack_end(bar, gcast(openInBrowserButton))
    gtk_header_bar_set_title_widget(bar, title.box)
    show(controls)
  }

  /// Shows the buttons `controls` asks for and hides the others (also when a closed dialog's
  /// header serves the next dialog).
  func show(_ controls: HelpDialog.Controls) {
    self.controls = controls
    let navigates = controls.contains(.navigation)
    for button in [backButton, forwardButton] {
      gtk_widget_set_visible(gcast(button), navigates || showsBookNavigation ? 1 : 0)
    }
    gtk_widget_set_visible(gcast(reloadButton), navigates ? 1 : 0)
    gtk_widget_set_visible(gcast(closeButton), controls.contains(.close) ? 1 : 0)
    gtk_widget_set_visible(gcast(menu.button), controls.contains(.menu) ? 1 : 0)
    gtk_widget_set_visible(gcast(openInBrowserButton), controls.contains(.openInBrowser) ? 1 : 0)
  }

  /// Shows Open in Browser when the controls ask for it, except over a page no browser can
  /// open (`PageOrigin.browserURL`): a help book's pages are this viewer's alone. Before any
  /// page, it shows, disabled.
  private func renderOpenInBrowser(_ state: LoadState) {
    let address = state.url ?? state.requestedURL
    let noBrowser = address != nil && PageOrigin(address: address).browserURL == nil
    let shows = controls.contains(.openInBrowser) && !noBrowser
    gtk_widget_set_visible(gcast(openInBrowserButton), shows ? 1 : 0)
  }

  /// Shows the back and reload buttons only when they are needed now (a sheet without
  /// navigation, e.g. the terms': back after a link led away, reload when a page must be read
  /// again); forward stays hidden.
  func showOnly(back: Bool, reload: Bool) {
    gtk_widget_set_visible(gcast(backButton), back ? 1 : 0)
    gtk_widget_set_visible(gcast(forwardButton), 0)
    gtk_widget_set_visible(gcast(reloadButton), reload ? 1 : 0)
  }

  /// Shows `title` with the page's origin and enables the buttons that can act in `state`.
  func render(_ state: LoadState, title text: String) {
    title.render(title: text, origin: PageOrigin(state))
    gtk_widget_set_sensitive(gcast(backButton), state.canGoBack ? 1 : 0)
    gtk_widget_set_sensitive(gcast(forwardButton), state.canGoForward ? 1 : 0)
    let stops = state.isLoading
    gtk_button_set_icon_name(reloadButton, stops ? "process-stop-symbolic" : "view-refresh-symbolic")
    Self.label(reloadButton, stops ? localized("Stop") : localized("Reload"))
    gtk_widget_set_sensitive(gcast(reloadButton), (stops || state.canReload) ? 1 : 0)
    renderOpenInBrowser(state)
  }

  /// Shows the page's zoom level in the menu's zoom row, e.g. 120 → "120%".
  ///
  /// For the viewer's zoom actions to call when the zoom changes.
  func setZoomLabel(percent: Int) {
    menu.setZoomLevel(percent: percent)
  }

  private static func iconButton(_ icon: String, label text: String) -> UnsafeMutablePointer<GtkButton> {
    let button: UnsafeMutablePointer<GtkButton> = gcast(gtk_button_new_from_icon_name(icon)!)
    label(button, text)
    return button
  }

  /// An icon-only button's tooltip and accessible label: the same words.
  private static func label(_ button: UnsafeMutablePointer<GtkButton>, _ text: String) {
    gtk_widget_set_tooltip_text(gcast(button), text)
    UnsafeMutablePointer<GtkWidget>(gcast(button)).setAccessibleLabel(text)
  }
}
