import HelpViewerCGtk

private let timeoutTrampoline: GSourceFunc = { data in
  guard let box = ClosureBox<@MainActor () -> Void>.from(data) else { return 0 }
  MainActor.assumeIsolated { box.body() }
  return 0  // G_SOURCE_REMOVE: a timeout fires once.
}

/// A one-shot timer on the GLib main loop; `cancel()` is safe at any time, any number of times.
///
/// The closure is owned by the GLib source and freed when the source is destroyed.
///
/// ```swift
/// let timer = TimeoutSource(seconds: 30) { [weak self] in self?.timedOut() }
/// timer.cancel()
/// ```
public final class TimeoutSource {
  private let source: UnsafeMutablePointer<GSource>

  public init(seconds: Double, _ handler: @escaping @MainActor () -> Void) {
    let milliseconds = UInt32(clamping: Int((max(seconds, 0) * 1000).rounded()))
    source = g_timeout_source_new(milliseconds)
    let box = ClosureBox(handler)
    g_source_set_callback(source, timeoutTrampoline, box.retainedPointer(), releaseClosureBoxData)
    g_source_attach(source, nil)
  }

  /// Whether the timer is still waiting (neither fired nor cancelled).
  public var isPending: Bool { g_source_is_destroyed(source) == 0 }

  /// Stops the timer if it has not fired yet.
  public func cancel() { g_source_destroy(source) }

  deinit {
    g_source_destroy(source)
    g_source_unref(source)
  }
}
