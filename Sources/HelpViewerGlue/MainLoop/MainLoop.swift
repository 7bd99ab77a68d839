import HelpViewerCGtk
import HelpViewerCShim
import Dispatch

/// The GLib main loop, made to serve Swift concurrency and libdispatch too.
///
/// GTK runs a GLib main loop; Swift's main actor runs on libdispatch's main queue, which nothing
/// drains under GLib. `integrateDispatch()` watches libdispatch's main-queue eventfd from the
/// GLib loop and drains the queue when it fires, so `Task { @MainActor in }`,
/// `DispatchQueue.main` and `await` on main-actor APIs work in a GTK app.
///
/// ```swift
/// MainLoop.integrateDispatch()
/// let ok = MainLoop.spin(until: { viewer.state.phase == .loaded }, timeout: 10)
/// ```
public enum MainLoop {
  nonisolated(unsafe) private static var integrated = false

  /// Makes the GLib main loop drain libdispatch's main queue. Idempotent; main thread only.
  @MainActor
  public static func integrateDispatch() {
    guard !integrated else { return }
    integrated = true
    let fd = _dispatch_get_main_queue_handle_4CF()
    g_unix_fd_add_full(
      G_PRIORITY_DEFAULT, fd, G_IO_IN,
      { fd, _, _ in
        // The eventfd is non-blocking; read it empty, or GLib would report it ready forever.
        var counter: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &counter) { read(fd, $0.baseAddress, 8) }
        _dispatch_main_queue_callback_4CF(nil)
        return 1
      }, nil, nil)
  }

  /// Runs the main loop until `condition` holds or `timeout` seconds pass; returns whether it held.
  ///
  /// This is how tests and the demo wait: by running the loop, never by sleeping.
  @MainActor
  @discardableResult
  public static func spin(until condition: () -> Bool, timeout: Double) -> Bool {
    integrateDispatch()
    // At most 10^12 s (forever, in practice): `Int(_:)` traps on larger values and on infinity.
    let seconds = timeout.isNaN ? 0 : min(max(timeout, 0), 1e12)
    let deadline = g_get_monotonic_time() + Int(seconds * 1_000_000)
    // A wake-up source so a blocking iteration returns at least every 50 ms.
    let tick = g_timeout_add(50, { _ in 1 }, nil)
    defer { g_source_remove(tick) }
    while !condition() {
      if g_get_monotonic_time() >= deadline { return false }
      g_main_context_iteration(nil, 1)
    }
    return true
  }
}
