import Dispatch
import HelpViewerCGtk
import HelpViewerCShim
import HelpViewerCore

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
  /// The GLib source that drains the main queue, once integrated (0 before).
  private static let source = Locked<UInt32>(0)

  /// Makes the GLib main loop (the default main context) drain libdispatch's main queue.
  /// Idempotent, and safe on any thread: the queue is drained by whichever thread runs the
  /// default main context (GTK's main thread).
  public static func integrateDispatch() {
    source.withLock { id in
      guard id == 0 else { return }
      let fd = _dispatch_get_main_queue_handle_4CF()
      id = g_unix_fd_add_full(
        G_PRIORITY_DEFAULT, fd, G_IO_IN,
        { fd, _, _ in
          // The eventfd is non-blocking; read it empty, or GLib would report it ready forever.
          var counter: UInt64 = 0
          _ = withUnsafeMutableBytes(of: &counter) { read(fd, $0.baseAddress, 8) }
          _dispatch_main_queue_callback_4CF(nil)
          return 1
        }, nil, nil)
    }
  }

  /// Whether the GLib main loop drains libdispatch's main queue now.
  public static var isDispatchIntegrated: Bool { source.withLock { $0 != 0 } }

  /// Undoes `integrateDispatch()` (the main queue's pending work then waits until the next
  /// `integrateDispatch()`). Internal: tests that check that an entry point integrates it reach
  /// it through `@testable import`; no host or entry point calls it.
  ///
  /// ```swift
  /// MainLoop.removeDispatchIntegration()
  /// Task { @MainActor in ran = true }   // does not run while the GLib loop iterates…
  /// MainLoop.integrateDispatch()        // …until this
  /// ```
  static func removeDispatchIntegration() {
    source.withLock { id in
      guard id != 0 else { return }
      g_source_remove(id)
      id = 0
    }
  }

  /// Runs the main loop until `condition` holds or `timeout` seconds pass; returns whether it held.
  ///
  /// This is how tests and the demo wait: by running the loop, never by sleeping.
  @MainActor
  @discardableResult
  public static func spin(until condition: () -> Bool, timeout: Double) -> Bool {
    integrateDispatch()
    return iterate(until: condition, timeout: timeout)
  }

  /// Runs the main loop until `condition` holds or `timeout` seconds pass, as `spin` does, but
  /// without integrating libdispatch's main queue (for tests of that integration).
  @MainActor
  @discardableResult
  public static func iterate(until condition: () -> Bool, timeout: Double) -> Bool {
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
