import CGtk

/// A key press as a key controller saw it.
public struct KeyPress: Sendable, Equatable {
  /// The key (`GDK_KEY_Tab`, …).
  public var keyval: UInt32
  /// The modifiers held.
  public var modifiers: UInt32
  /// The event's time stamp: a key event forwarded again (e.g. by WebKit, when the page did not
  /// handle it) keeps the time of the press.
  public var time: UInt32
}

private let keyPressedTrampoline:
  @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = {
    controller, keyval, _, state, data in
    guard let box = ClosureBox<@MainActor (KeyPress) -> Bool>.from(data), let controller else { return 0 }
    let time = gtk_event_controller_get_current_event_time(controller)
    return MainActor.assumeIsolated {
      box.body(KeyPress(keyval: keyval, modifiers: state.rawValue, time: time))
    } ? 1 : 0
  }

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Adds a key controller in `phase` whose `key-pressed` runs `handler`; it returns whether it
  /// handled the key (which stops it). The widget owns the controller and the closure.
  ///
  /// ```swift
  /// widget.addKeyPressHandler(phase: GTK_PHASE_CAPTURE) { key in key.keyval == UInt32(GDK_KEY_F1) }
  /// ```
  @discardableResult
  public func addKeyPressHandler(
    phase: GtkPropagationPhase, _ handler: @escaping @MainActor (KeyPress) -> Bool
  ) -> SignalConnection {
    guard let controller = gtk_event_controller_key_new() else {
      preconditionFailure("gtk_event_controller_key_new returned NULL")
    }
    gtk_event_controller_set_propagation_phase(controller, phase)
    gtk_widget_add_controller(self, controller)
    return connect(
      UnsafeMutableRawPointer(controller), "key-pressed", box: ClosureBox(handler),
      trampoline: unsafeBitCast(keyPressedTrampoline, to: GCallback.self))
  }
}
