import HelpViewerCGtk

private let shortcutTrampoline:
  @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = {
    _, _, data in
    guard let box = ClosureBox<@MainActor () -> Bool>.from(data) else { return 0 }
    return MainActor.assumeIsolated { box.body() } ? 1 : 0
  }

/// A shortcut controller added to a widget; `remove()` takes it off again (e.g. before the widget
/// is reused), once. The controller and its closures otherwise go with the widget.
///
/// ```swift
/// let escape = window.addShortcut("Escape") { close(); return true }
/// escape?.remove()
/// ```
public final class ShortcutController {
  private let widget: GWeakObject
  private let controller: GWeakObject

  init(widget: UnsafeMutableRawPointer, controller: UnsafeMutableRawPointer) {
    self.widget = GWeakObject(widget)
    self.controller = GWeakObject(controller)
  }

  /// Removes the controller from its widget (which frees it and its closures); does nothing the
  /// second time or once the widget is gone.
  @MainActor
  public func remove() {
    widget.withObject { widget in
      controller.withObject { controller in
        gtk_widget_remove_controller(widget.assumingMemoryBound(to: GtkWidget.self), OpaquePointer(controller))
      }
    }
  }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Runs `handler` when `trigger` is pressed while focus is inside the widget.
  ///
  /// `trigger` uses GTK's syntax, several joined by `|`: `"Escape|<Control>w"`. The handler
  /// returns whether it handled the key. The closure is owned by the widget's shortcut
  /// controller and freed with it. Returns the controller, or `nil` when the trigger does not
  /// parse.
  ///
  /// ```swift
  /// window.addShortcut("Escape|<Control>w") { [weak self] in self?.close(); return true }
  /// ```
  @discardableResult
  public func addShortcut(_ trigger: String, _ handler: @escaping @MainActor () -> Bool) -> ShortcutController? {
    guard let parsed = gtk_shortcut_trigger_parse_string(trigger) else { return nil }
    let box = ClosureBox(handler)
    let action = gtk_callback_action_new(shortcutTrampoline, box.retainedPointer(), releaseClosureBoxData)
    let shortcut = gtk_shortcut_new(parsed, action)
    guard let controller = gtk_shortcut_controller_new() else { return nil }
    gtk_shortcut_controller_add_shortcut(controller, shortcut)
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    gtk_widget_add_controller(self, controller)
    return ShortcutController(widget: UnsafeMutableRawPointer(self), controller: UnsafeMutableRawPointer(controller))
  }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Activates the action `action` (e.g. `"viewer.zoom-in"`, looked up from this widget up)
  /// when one of the triggers is pressed while focus is inside the widget.
  ///
  /// A disabled action does not handle the key, which then goes on to the focused widget. Runs
  /// in the capture phase, as `addShortcut(_:_:)`. Triggers that do not parse are skipped.
  ///
  /// ```swift
  /// widget.addActionShortcuts(["<Control>f": "viewer.find", "<Control>p": "viewer.print"])
  /// ```
  @discardableResult
  public func addActionShortcuts(_ shortcuts: [(trigger: String, action: String)]) -> ShortcutController? {
    guard let controller = gtk_shortcut_controller_new() else { return nil }
    for (trigger, name) in shortcuts {
      guard let parsed = gtk_shortcut_trigger_parse_string(trigger) else { continue }
      gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(parsed, gtk_named_action_new(name)))
    }
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    gtk_widget_add_controller(self, controller)
    return ShortcutController(widget: UnsafeMutableRawPointer(self), controller: UnsafeMutableRawPointer(controller))
  }
}

/// As `addShortcut(_:_:)` on a widget, for any `GtkWidget` pointer (a host's window).
///
/// ```swift
/// addShortcut(to: window, "F1") { HelpDialog.presentContextHelp(in: book, over: window); return true }
/// ```
@MainActor
@discardableResult
public func addShortcut(
  to widget: UnsafeMutableRawPointer, _ trigger: String, _ handler: @escaping @MainActor () -> Bool
) -> ShortcutController? {
  widget.assumingMemoryBound(to: GtkWidget.self).addShortcut(trigger, handler)
}

extension Widget {
  /// Runs `handler` when `trigger` is pressed while focus is inside the widget; see
  /// `addShortcut(_:_:)` on a widget pointer.
  @discardableResult
  public func addShortcut(_ trigger: String, _ handler: @escaping @MainActor () -> Bool) -> ShortcutController? {
    widget.addShortcut(trigger, handler)
  }

  /// Activates the named actions when their triggers are pressed while focus is inside the
  /// widget; see `addActionShortcuts(_:)` on a widget pointer.
  @discardableResult
  public func addActionShortcuts(_ shortcuts: [(trigger: String, action: String)]) -> ShortcutController? {
    widget.addActionShortcuts(shortcuts)
  }
}
