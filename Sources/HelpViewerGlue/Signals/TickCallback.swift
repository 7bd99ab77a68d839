import HelpViewerCGtk

private let tickTrampoline:
  @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = {
    _, _, data in
    guard let box = ClosureBox<@MainActor () -> Bool>.from(data) else { return 0 }
    return MainActor.assumeIsolated { box.body() } ? 1 : 0
  }

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// Runs `handler` once per frame the widget draws, while it returns `true`.
  ///
  /// ```swift
  /// var frames = 0
  /// window.addTickCallback { frames += 1; return frames < 10 }
  /// ```
  public func addTickCallback(_ handler: @escaping @MainActor () -> Bool) {
    let box = ClosureBox(handler)
    gtk_widget_add_tick_callback(self, tickTrampoline, box.retainedPointer(), releaseClosureBoxData)
  }
}
