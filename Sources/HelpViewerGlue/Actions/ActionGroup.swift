import HelpViewerCGtk

/// A `GSimpleActionGroup` of actions without parameters, each running a Swift closure; insert it
/// on a widget and its actions serve that widget and everything inside it (menus, shortcuts,
/// actionable buttons) as `PREFIX.NAME`.
///
/// ```swift
/// let actions = ActionGroup()
/// actions.add("open-in-browser") { [weak self] in self?.openInBrowser() }
/// actions.insert(into: window, as: "dialog")  // "dialog.open-in-browser"
/// actions.setEnabled("open-in-browser", false)
/// ```
@MainActor
public final class ActionGroup {
  /// The `GSimpleActionGroup`.
  public let group: GObjectRef
  private var actions: [String: GObjectRef] = [:]
  private let signals = SignalBag()

  public init() {
    group = GObjectRef(adoptingNew: g_simple_action_group_new())
  }

  /// Adds the action `name`, enabled, running `handler` when activated.
  public func add(_ name: String, _ handler: @escaping @MainActor () -> Void) {
    let action = GObjectRef(adoptingNew: g_simple_action_new(name, nil))
    signals += connectActivate(action.opaque, handler)
    g_action_map_add_action(group.opaque, action.opaque)
    actions[name] = action
  }

  /// Enables or disables `name`: a disabled action does nothing, and its menu items and
  /// actionable widgets show insensitive.
  public func setEnabled(_ name: String, _ enabled: Bool) {
    guard let action = actions[name] else { return }
    g_simple_action_set_enabled(action.opaque, enabled ? 1 : 0)
  }

  /// Whether `name` exists and is enabled.
  public func isEnabled(_ name: String) -> Bool {
    actions[name].map { g_action_get_enabled($0.opaque) != 0 } ?? false
  }

  /// Makes the actions available as `prefix.NAME` in `widget` and inside it.
  public func insert(into widget: UnsafeMutablePointer<GtkWidget>, as prefix: String) {
    gtk_widget_insert_action_group(widget, prefix, group.opaque)
  }

  /// Disconnects every handler (the actions stay, doing nothing).
  public func disconnectAll() {
    signals.disconnectAll()
  }
}
