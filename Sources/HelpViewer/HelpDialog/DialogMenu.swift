import HelpViewerCore
import HelpViewerGlue

/// The header bar's menu (`open-menu-symbolic`): a zoom row (out, the zoom level that resets it,
/// in), Find…, Print…, Show as Text, and Open in Browser.
///
/// The zoom, find and print items target the viewer's actions (`viewer.zoom-out`,
/// `viewer.zoom-reset`, `viewer.zoom-in`, `viewer.find`, `viewer.print`); while no widget above
/// the menu button provides them, GTK shows those items insensitive. Open in Browser is
/// `dialog.open-in-browser`, left out while that action is disabled (a page no browser can open).
@MainActor
final class DialogMenu {
  /// The items' actions, in menu order.
  static let actionNames = [
    "viewer.zoom-out", "viewer.zoom-reset", "viewer.zoom-in", "viewer.find", "viewer.print",
    "viewer.show-text", "dialog.open-in-browser",
  ]

  let button: MenuButton
  /// The menu's items (for tests).
  var model: GObjectRef { button.menu.reference }
  private let zoomSection = Menu()

  init() {
    let model = Menu()
    zoomSection.append(localized("Zoom Out"), action: "viewer.zoom-out", icon: "zoom-out-symbolic")
    zoomSection.append(Self.zoomText(percent: 100), action: "viewer.zoom-reset")
    zoomSection.append(localized("Zoom In"), action: "viewer.zoom-in", icon: "zoom-in-symbolic")
    model.appendSection(zoomSection, asButtonRow: true)

    let pageSection = Menu()
    pageSection.append(localized("Find…"), action: "viewer.find")
    pageSection.append(localized("Print…"), action: "viewer.print")
    // A check item: the page as text, native widgets a screen reader reads (issue 34).
    pageSection.append(localized("Show as Text"), action: "viewer.show-text")
    model.appendSection(pageSection)

    let browserSection = Menu()
    // Gone, not greyed out, for pages no browser can open (a help book's).
    browserSection.append(localized("Open in Browser"), action: "dialog.open-in-browser", hiddenWhenDisabled: true)
    model.appendSection(browserSection)

    button = MenuButton(iconName: "open-menu-symbolic", menu: model)
    button.tooltip = localized("Main Menu")
    button.setAccessibleLabelThroughout(localized("Main Menu"))
  }

  /// Whether the menu is open.
  var isOpen: Bool { button.isOpen }

  /// Shows `percent` as the zoom level in the zoom row (the item that resets the zoom).
  func setZoomLevel(percent: Int) {
    zoomSection.remove(at: 1)
    zoomSection.insert(Self.zoomText(percent: percent), action: "viewer.zoom-reset", at: 1)
  }

  /// The zoom level as the menu shows it, e.g. "120%".
  static func zoomText(percent: Int) -> String {
    String(format: localized("%d%%"), percent)
  }
}
