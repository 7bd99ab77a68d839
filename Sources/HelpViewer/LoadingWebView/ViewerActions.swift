import HelpViewerCore
import HelpViewerGlue

/// The viewer's actions, in a `GSimpleActionGroup` inserted on the viewer's widget as
/// `"viewer"`: menus, buttons and shortcuts anywhere inside it (or inside a window the group is
/// also inserted on, as `HelpDialog` does) use `viewer.find`, `viewer.zoom-in`, ….
///
/// Each action is enabled only when it can act: find and print with a loaded page, zoom in and
/// out below and above the ends, reset away from the default.
///
/// ```swift
/// gtk_widget_activate_action_variant(viewer.widget, "viewer.zoom-in", nil)
/// let item = g_menu_item_new(viewer.zoomLabel, "viewer.zoom-reset")
/// ```
@MainActor
public final class ViewerActions {
  /// The actions' names; `detailed` is the name with the group prefix, for menus.
  public enum Name: String, CaseIterable, Sendable {
    case find
    case findNext = "find-next"
    case findPrevious = "find-previous"
    case zoomIn = "zoom-in"
    case zoomOut = "zoom-out"
    case zoomReset = "zoom-reset"
    case print
    /// Show as Text: a boolean action (a check item in menus), `LoadingWebView.showsText`.
    case showText = "show-text"

    /// `"viewer.NAME"`, as menus and `gtk_widget_activate_action` name it.
    public var detailed: String { "\(ViewerActions.prefix).\(rawValue)" }
  }

  /// The prefix the group is inserted with.
  public nonisolated static let prefix = "viewer"

  /// The keyboard shortcuts of the actions, in GTK's trigger syntax.
  static let shortcuts: [(trigger: String, action: String)] = [
    ("<Control>f", Name.find.detailed),
    ("<Control>g|F3", Name.findNext.detailed),
    ("<Shift><Control>g|<Shift>F3", Name.findPrevious.detailed),
    ("<Control>plus|<Control>equal|<Control>KP_Add", Name.zoomIn.detailed),
    ("<Control>minus|<Control>KP_Subtract", Name.zoomOut.detailed),
    ("<Control>0|<Control>KP_0", Name.zoomReset.detailed),
    ("<Control>p", Name.print.detailed),
  ]

  /// The `GSimpleActionGroup` (a `GActionGroup`), for `gtk_widget_insert_action_group`.
  public var group: OpaquePointer { actionGroup.group.opaque }

  /// The glue's action group holding one action per `Name`.
  let actionGroup = ActionGroup()

  init() {}

  /// On the main thread, wherever the last reference went: the action group is GTK's.
  isolated deinit {}

  /// Whether `name` is enabled.
  public func isEnabled(_ name: Name) -> Bool {
    actionGroup.isEnabled(name.rawValue)
  }

  /// Adds `name`, running `handler` when activated.
  func add(_ name: Name, _ handler: @escaping @MainActor () -> Void) {
    actionGroup.add(name.rawValue, handler)
  }

  /// Adds the boolean action `name`, off, running `handler` with its new state.
  func addToggle(_ name: Name, _ handler: @escaping @MainActor (Bool) -> Void) {
    actionGroup.addToggle(name.rawValue, state: false, handler)
  }

  /// The state of the boolean action `name`.
  public func isOn(_ name: Name) -> Bool {
    actionGroup.state(name.rawValue)
  }

  /// Sets the state of the boolean action `name`.
  func setToggle(_ name: Name, _ on: Bool) {
    actionGroup.setState(name.rawValue, on)
  }

  /// Enables or disables `name`.
  func setEnabled(_ name: Name, _ enabled: Bool) {
    guard isEnabled(name) != enabled else { return }
    actionGroup.setEnabled(name.rawValue, enabled)
  }

  /// Makes the actions available to `widget` and the widgets inside it, as `viewer.<name>`.
  func insert(into widget: Widget) {
    actionGroup.insert(into: widget.widget, as: Self.prefix)
  }

  /// Disconnects every action's handler (the actions stay, doing nothing).
  func disconnectAll() {
    actionGroup.disconnectAll()
  }
}

extension LoadingWebView {
  /// Connects the actions to the viewer, inserts them on its widget with their shortcuts, and
  /// connects find and zoom.
  func installViewerActions() {
    actions.insert(into: parts.root)
    actions.add(.find) { [weak self] in self?.showFindBar() }
    actions.add(.findNext) { [weak self] in self?.findNext() }
    actions.add(.findPrevious) { [weak self] in self?.findPrevious() }
    actions.add(.zoomIn) { [weak self] in self?.zoomIn() }
    actions.add(.zoomOut) { [weak self] in self?.zoomOut() }
    actions.add(.zoomReset) { [weak self] in self?.resetZoom() }
    // On the next turn of the main loop, not inside the key event that activated it: the print
    // dialog's nested main loop, run from Ctrl+P's dispatch through WebKit, left the web view
    // alive after its window was destroyed (issue 21).
    actions.add(.print) { [weak self] in Task { @MainActor [weak self] in self?.print() } }
    actions.addToggle(.showText) { [weak self] on in self?.showsText = on }
    if let actionShortcuts = root.addActionShortcuts(ViewerActions.shortcuts) { shortcuts.append(actionShortcuts) }
    connectFind()
    connectZoom()
    observe { [weak self] state in self?.stateChangedForActions(state) }
  }

  /// Enables the actions that can act now.
  func updateActions() {
    let loaded = canPrint
    actions.setEnabled(.find, loaded)
    actions.setEnabled(.findNext, loaded && !model.findState.text.isEmpty)
    actions.setEnabled(.findPrevious, loaded && !model.findState.text.isEmpty)
    actions.setEnabled(.print, loaded)
    actions.setEnabled(.zoomIn, zoomLevel < ZoomLevels.range.upperBound - 0.001)
    actions.setEnabled(.zoomOut, zoomLevel > ZoomLevels.range.lowerBound + 0.001)
    actions.setEnabled(.zoomReset, abs(zoomLevel - defaultZoomLevel) > 0.001)
  }

  private func stateChangedForActions(_ state: LoadState) {
    if state.phase == .loaded && lastPhaseForActions != .loaded {
      reapplyZoom()
      pageLoadedForFind()
    }
    // Nothing to search in the error view.
    if state.error != nil { hideFindBar() }
    lastPhaseForActions = state.phase
    updateActions()
  }
}
