import HelpViewerCGtk

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

/// A key controller added by `addKeyPressHandler`; `remove()` takes it off its widget (the
/// closure is freed), once, and is safe after the widget is gone.
public final class KeyPressHandler {
  private let connection: SignalConnection
  private let widget: GWeakObject
  private let controller: GWeakObject

  init(connection: SignalConnection, widget: UnsafeMutableRawPointer, controller: UnsafeMutableRawPointer) {
    self.connection = connection
    self.widget = GWeakObject(widget)
    self.controller = GWeakObject(controller)
  }

  /// Disconnects the handler and removes the controller from the widget.
  @MainActor
  public func remove() {
    guard connection.isConnected else { return }
    connection.disconnect()
    widget.withObject { widget in
      controller.withObject { controller in
        gtk_widget_remove_controller(widget.assumingMemoryBound(to: GtkWidget.self), OpaquePointer(controller))
      }
    }
  }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Adds a key controller in `phase` whose `key-pressed` runs `handler`; it returns whether it
  /// handled the key (which stops it). The widget owns the controller and the closure until
  /// `remove()`.
  ///
  /// ```swift
  /// let handler = widget.addKeyPressHandler(phase: GTK_PHASE_CAPTURE) { key in key.keyval == UInt32(GDK_KEY_F1) }
  /// handler.remove()
  /// ```
  @discardableResult
  public func addKeyPressHandler(
    phase: GtkPropagationPhase, _ handler: @escaping @MainActor (KeyPress) -> Bool
  ) -> KeyPressHandler {
    guard let controller = gtk_event_controller_key_new() else {
      preconditionFailure("gtk_event_controller_key_new returned NULL")
    }
    return add(
      controller, phase: phase, signal: "key-pressed", box: ClosureBox(handler),
      trampoline: unsafeBitCast(keyPressedTrampoline, to: GCallback.self))
  }

  /// Adds `controller` in `phase` with `trampoline` on its `signal`; the widget owns both until
  /// `remove()`.
  func add<Body>(
    _ controller: OpaquePointer, phase: GtkPropagationPhase, signal: String, box: ClosureBox<Body>,
    trampoline: GCallback
  ) -> KeyPressHandler {
    gtk_event_controller_set_propagation_phase(controller, phase)
    gtk_widget_add_controller(self, controller)
    let connection = connect(UnsafeMutableRawPointer(controller), signal, box: box, trampoline: trampoline)
    return KeyPressHandler(
      connection: connection, widget: UnsafeMutableRawPointer(self), controller: UnsafeMutableRawPointer(controller))
  }
}
