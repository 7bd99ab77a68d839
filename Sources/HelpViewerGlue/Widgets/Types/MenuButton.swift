import HelpViewerCGtk

/// A GTK menu button (`GtkMenuButton`): an icon that opens a menu in a popover.
///
/// ```swift
/// let button = MenuButton(iconName: "open-menu-symbolic", menu: menu)
/// button.tooltip = localized("Main Menu")
/// ```
@MainActor
public final class MenuButton: Widget {
  /// The menu it opens.
  public let menu: Menu

  /// A button showing `iconName` that opens `menu`.
  public init(iconName: String, menu: Menu) {
    self.menu = menu
    super.init(adoptingNew: gtk_menu_button_new())
    gtk_menu_button_set_icon_name(button, iconName)
    gtk_menu_button_set_menu_model(button, menu.model)
  }

  private var button: OpaquePointer { OpaquePointer(raw) }

  /// Whether the menu is open.
  public var isOpen: Bool {
    gtk_menu_button_get_popover(button).map { gtk_widget_get_visible(gcast($0)) != 0 } ?? false
  }

  /// Names the button for assistive technologies, on itself and on the toggle button inside it
  /// that takes the focus (screen readers read that one's label).
  public func setAccessibleLabelThroughout(_ label: String) {
    setAccessibleLabel(label)
    if let inner = gtk_widget_get_first_child(widget) { inner.setAccessibleLabel(label) }
  }
}
