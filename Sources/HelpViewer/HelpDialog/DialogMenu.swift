import HelpViewerCGtk
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

  let button: OpaquePointer
  /// Keeps the button alive as long as the menu (also after the dialog's window is gone).
  private let buttonRef: GObjectRef
  let model: GObjectRef
  private let zoomSection: GObjectRef

  init() {
    model = GObjectRef(adoptingNew: g_menu_new())
    zoomSection = GObjectRef(adoptingNew: g_menu_new())
    Self.append(zoomSection, localized("Zoom Out"), "viewer.zoom-out", icon: "zoom-out-symbolic")
    Self.append(zoomSection, Self.zoomText(percent: 100), "viewer.zoom-reset")
    Self.append(zoomSection, localized("Zoom In"), "viewer.zoom-in", icon: "zoom-in-symbolic")
    let zoomItem = GObjectRef(adoptingNew: g_menu_item_new_section(nil, zoomSection.pointer(GMenuModel.self)))
    g_menu_item_set_attribute_value(zoomItem.opaque, "display-hint", g_variant_new_string("horizontal-buttons"))
    g_menu_append_item(model.opaque, zoomItem.opaque)

    let pageSection = GObjectRef(adoptingNew: g_menu_new())
    Self.append(pageSection, localized("Find…"), "viewer.find")
    Self.append(pageSection, localized("Print…"), "viewer.print")
    // A check item: the page as text, native widgets a screen reader reads (issue 34).
    Self.append(pageSection, localized("Show as Text"), "viewer.show-text")
    g_menu_append_section(model.opaque, nil, pageSection.pointer(GMenuModel.self))

    let browserSection = GObjectRef(adoptingNew: g_menu_new())
    // Gone, not greyed out, for pages no browser can open (a help book's).
    Self.append(browserSection, localized("Open in Browser"), "dialog.open-in-browser", hiddenWhenDisabled: true)
    g_menu_append_section(model.opaque, nil, browserSection.pointer(GMenuModel.self))

    buttonRef = GObjectRef(adoptingNew: gtk_menu_button_new())
    button = buttonRef.opaque
    gtk_menu_button_set_icon_name(button, "open-menu-symbolic")
    gtk_menu_button_set_menu_model(button, model.pointer(GMenuModel.self))
    gtk_widget_set_tooltip_text(gcast(button), localized("Main Menu"))
    UnsafeMutablePointer<GtkWidget>(gcast(button)).setAccessibleLabel(localized("Main Menu"))
    // The toggle button inside takes the focus: screen readers read its label.
    if let inner = gtk_widget_get_first_child(gcast(button)) {
      inner.setAccessibleLabel(localized("Main Menu"))
    }
  }

  /// Whether the menu is open.
  var isOpen: Bool {
    gtk_menu_button_get_popover(button).map { gtk_widget_get_visible(gcast($0)) != 0 } ?? false
  }

  /// Shows `percent` as the zoom level in the zoom row (the item that resets the zoom).
  func setZoomLevel(percent: Int) {
    g_menu_remove(zoomSection.opaque, 1)
    let item = GObjectRef(adoptingNew: g_menu_item_new(Self.zoomText(percent: percent), "viewer.zoom-reset"))
    g_menu_insert_item(zoomSection.opaque, 1, item.opaque)
  }

  /// The zoom level as the menu shows it, e.g. "120%".
  static func zoomText(percent: Int) -> String {
    String(format: localized("%d%%"), percent)
  }

  private static func append(
    _ menu: GObjectRef, _ label: String, _ action: String, icon: String? = nil, hiddenWhenDisabled: Bool = false
  ) {
    let item = GObjectRef(adoptingNew: g_menu_item_new(label, action))
    if let icon { g_menu_item_set_attribute_value(item.opaque, "verb-icon", g_variant_new_string(icon)) }
    if hiddenWhenDisabled {
      g_menu_item_set_attribute_value(item.opaque, "hidden-when", g_variant_new_string("action-disabled"))
    }
    g_menu_append_item(menu.opaque, item.opaque)
  }
}
