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

  /// Adds the boolean action `name` (a check item in menus), off or on as `state`; activated,
  /// it turns over and `handler` runs with its new state.
  public func addToggle(_ name: String, state: Bool, _ handler: @escaping @MainActor (Bool) -> Void) {
    let action = GObjectRef(adoptingNew: g_simple_action_new_stateful(name, nil, g_variant_new_boolean(state ? 1 : 0)))
    signals += connectActivate(action.opaque) { [weak self] in
      let turned = !(self?.state(name) ?? false)
      self?.setState(name, turned)
      handler(turned)
    }
    g_action_map_add_action(group.opaque, action.opaque)
    actions[name] = action
  }

  /// The state of the boolean action `name` (`false` for any other).
  public func state(_ name: String) -> Bool {
    guard let action = actions[name], let value = g_action_get_state(action.opaque) else { return false }
    defer { g_variant_unref(value) }
    return g_variant_classify(value) == G_VARIANT_CLASS_BOOLEAN && g_variant_get_boolean(value) != 0
  }

  /// Sets the state of the boolean action `name` (menus show it checked or not).
  public func setState(_ name: String, _ on: Bool) {
    guard let action = actions[name], state(name) != on else { return }
    g_simple_action_set_state(action.opaque, g_variant_new_boolean(on ? 1 : 0))
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
