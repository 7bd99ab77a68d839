import HelpViewerCGtk

/// One connected signal handler: its Swift closure is owned by the GObject and freed by the
/// handler's destroy notify, so a handler can never run into a freed closure.
///
/// `disconnect()` acts exactly once and is safe after the object is gone. Closures capture
/// their Swift owner weakly, so a handler firing after its owner was freed does nothing.
///
/// ```swift
/// let connection = button.connectClicked { [weak self] in self?.close() }
/// connection.disconnect()
/// ```
public final class SignalConnection {
  private let object: GWeakObject
  private var handlerID: gulong

  init(object: UnsafeMutableRawPointer, handlerID: gulong) {
    self.object = GWeakObject(object)
    self.handlerID = handlerID
  }

  /// Whether the handler is still connected.
  public var isConnected: Bool {
    handlerID != 0 && (object.withObject { g_signal_handler_is_connected($0, handlerID) != 0 } ?? false)
  }

  /// Disconnects the handler (its closure is freed); does nothing the second time.
  public func disconnect() {
    guard handlerID != 0 else { return }
    let id = handlerID
    handlerID = 0
    object.withObject { instance in
      if g_signal_handler_is_connected(instance, id) != 0 { g_signal_handler_disconnect(instance, id) }
    }
  }
}

/// Holds a Swift closure for a C callback's `user_data`.
///
/// Immutable; its closures are main-actor closures that the trampolines only call inside
/// `MainActor.assumeIsolated`, hence `@unchecked Sendable`.
final class ClosureBox<Body>: @unchecked Sendable {
  let body: Body
  init(_ body: Body) { self.body = body }

  /// `user_data` for a callback that owns the box until `releaseClosureBox` runs.
  func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

  /// The box behind `user_data`, not retained again.
  static func from(_ pointer: UnsafeMutableRawPointer?) -> ClosureBox<Body>? {
    guard let pointer else { return nil }
    return Unmanaged<ClosureBox<Body>>.fromOpaque(pointer).takeUnretainedValue()
  }
}

/// The destroy notify of every closure box: drops the reference `retainedPointer()` gave.
let releaseClosureBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// The `GDestroyNotify` flavour of `releaseClosureBox`, for sources and actions.
let releaseClosureBoxData: GDestroyNotify = { data in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// Connects `trampoline` to `signal` on `instance` with `box` as its data.
func connect<Body>(
  _ instance: UnsafeMutableRawPointer, _ signal: String, box: ClosureBox<Body>,
  trampoline: GCallback, after: Bool = false
) -> SignalConnection {
  let id = g_signal_connect_data(
    instance, signal, trampoline, box.retainedPointer(), releaseClosureBox,
    after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
  return SignalConnection(object: instance, handlerID: id)
}
