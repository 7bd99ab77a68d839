import CGtk

private let shortcutTrampoline:
  @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = {
    _, _, data in
    guard let box = ClosureBox<@MainActor () -> Bool>.from(data) else { return 0 }
    return MainActor.assumeIsolated { box.body() } ? 1 : 0
  }

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Runs `handler` when `trigger` is pressed while focus is inside the widget.
  ///
  /// `trigger` uses GTK's syntax, several joined by `|`: `"Escape|<Control>w"`. The handler
  /// returns whether it handled the key. The closure is owned by the widget's shortcut
  /// controller and freed with it. Returns `false` when the trigger does not parse.
  ///
  /// ```swift
  /// window.addShortcut("Escape|<Control>w") { [weak self] in self?.close(); return true }
  /// ```
  @discardableResult
  public func addShortcut(_ trigger: String, _ handler: @escaping @MainActor () -> Bool) -> Bool {
    guard let parsed = gtk_shortcut_trigger_parse_string(trigger) else { return false }
    let box = ClosureBox(handler)
    let action = gtk_callback_action_new(shortcutTrampoline, box.retainedPointer(), releaseClosureBoxData)
    let shortcut = gtk_shortcut_new(parsed, action)
    guard let controller = gtk_shortcut_controller_new() else { return false }
    gtk_shortcut_controller_add_shortcut(controller, shortcut)
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    gtk_widget_add_controller(self, controller)
    return true
  }
}
