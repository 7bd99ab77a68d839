import HelpViewerCGtk

private let legacyEventTrampoline:
  @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, event, data in
    guard let event, let box = ClosureBox<@MainActor () -> Void>.from(data) else { return 0 }
    switch gdk_event_get_event_type(event) {
    case GDK_BUTTON_PRESS, GDK_KEY_PRESS, GDK_TOUCH_BEGIN:
      MainActor.assumeIsolated { box.body() }
    default: break
    }
    return 0  // Only watching: the widget gets the event as before.
  }

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Calls `handler` for every mouse button press, key press and touch that reaches the widget,
  /// before the widget sees it (capture phase); it never stops an event. The widget owns the
  /// controller and the closure until `remove()`.
  ///
  /// ```swift
  /// let watcher = webView.addPressWatcher { presses += 1 }   // a person did something
  /// watcher.remove()
  /// ```
  @discardableResult
  public func addPressWatcher(_ handler: @escaping @MainActor () -> Void) -> KeyPressHandler {
    guard let controller = gtk_event_controller_legacy_new() else {
      preconditionFailure("gtk_event_controller_legacy_new returned NULL")
    }
    return add(
      controller, phase: GTK_PHASE_CAPTURE, signal: "event", box: ClosureBox(handler),
      trampoline: unsafeBitCast(legacyEventTrampoline, to: GCallback.self))
  }
}
