import HelpViewerCGtk

/// A menu's items (`GMenu`): labels with the actions they activate, grouped in sections.
///
/// ```swift
/// let menu = Menu()
/// let page = Menu()
/// page.append(localized("Print…"), action: "viewer.print")
/// menu.appendSection(page)
/// ```
@MainActor
public final class Menu {
  /// The reference this wrapper owns.
  public let reference = GObjectRef(adoptingNew: g_menu_new())

  /// A new, empty menu.
  public init() {}

  private var menu: OpaquePointer { reference.opaque }

  /// Adds an item labelled `label` that activates `action` (e.g. `"viewer.print"`), with an
  /// icon for a row of buttons; with `hiddenWhenDisabled` the item is left out, not greyed out,
  /// while its action is disabled.
  public func append(_ label: String, action: String, icon: String? = nil, hiddenWhenDisabled: Bool = false) {
    let item = Self.item(label, action: action, icon: icon, hiddenWhenDisabled: hiddenWhenDisabled)
    g_menu_append_item(menu, item.opaque)
  }

  /// Puts an item labelled `label` that activates `action` at `index`.
  public func insert(_ label: String, action: String, at index: Int) {
    let item = Self.item(label, action: action, icon: nil, hiddenWhenDisabled: false)
    g_menu_insert_item(menu, Int32(clamping: index), item.opaque)
  }

  /// Removes the item at `index`.
  public func remove(at index: Int) { g_menu_remove(menu, Int32(clamping: index)) }

  /// Adds `section` as a group of its own, set apart by separators; with `asButtonRow`, its
  /// items show side by side as icon buttons (GNOME's zoom row).
  public func appendSection(_ section: Menu, asButtonRow: Bool = false) {
    let item = GObjectRef(adoptingNew: g_menu_item_new_section(nil, section.model))
    if asButtonRow {
      g_menu_item_set_attribute_value(item.opaque, "display-hint", g_variant_new_string("horizontal-buttons"))
    }
    g_menu_append_item(menu, item.opaque)
  }

  /// The menu as a `GMenuModel`, for the glue's widgets.
  var model: UnsafeMutablePointer<GMenuModel> { reference.pointer() }

  private static func item(_ label: String, action: String, icon: String?, hiddenWhenDisabled: Bool) -> GObjectRef {
    let item = GObjectRef(adoptingNew: g_menu_item_new(label, action))
    if let icon { g_menu_item_set_attribute_value(item.opaque, "verb-icon", g_variant_new_string(icon)) }
    if hiddenWhenDisabled {
      g_menu_item_set_attribute_value(item.opaque, "hidden-when", g_variant_new_string("action-disabled"))
    }
    return item
  }
}
