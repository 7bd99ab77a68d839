import HelpViewerCGtk

private let lowMemoryTrampoline:
  @convention(c) (UnsafeMutableRawPointer?, GMemoryMonitorWarningLevel, UnsafeMutableRawPointer?) -> Void = {
    _, level, data in
    guard let box = ClosureBox<@MainActor (Int) -> Void>.from(data) else { return }
    MainActor.assumeIsolated { box.body(Int(level.rawValue)) }
  }

/// The desktop's memory-pressure warnings (GIO's default `GMemoryMonitor`: the
/// low-memory-monitor service, the portal, or the kernel's pressure stall information).
///
/// ```swift
/// let watch = MemoryMonitor.onLowMemoryWarning { level in dropCaches() }
/// ```
public enum MemoryMonitor {
  /// Calls `handler` with GIO's warning level (50 low, 100 medium, 255 critical) on every
  /// `low-memory-warning`; `nil` when GIO offers no monitor. The monitor lives as long as the
  /// returned connection is not disconnected.
  @MainActor
  public static func onLowMemoryWarning(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection? {
    guard let monitor = g_memory_monitor_dup_default() else { return nil }
    // The monitor is a process-wide singleton; the reference from `dup` is kept for the
    // process's lifetime, as GIO's own users do.
    return connect(
      UnsafeMutableRawPointer(monitor), "low-memory-warning", box: ClosureBox(handler),
      trampoline: unsafeBitCast(lowMemoryTrampoline, to: GCallback.self))
  }
}
