import HelpViewerCGtk

/// Opens addresses outside the app: the default browser for web pages, the mail or phone
/// handler for `mailto:` and `tel:` (GTK 4.8 has no GtkUriLauncher).
///
/// It launches with the display's app launch context (`gdk_display_get_app_launch_context`),
/// so the desktop hands the focus to the app it starts (startup notification on X11, an
/// activation token on Wayland) rather than leaving it behind the app's window.
///
/// ```swift
/// ExternalLauncher.open("https://example.org/")
/// ```
public enum ExternalLauncher {
  /// Asks the desktop to open `uri`; failures (no handler installed) are logged, not raised.
  /// `timestamp` is the time of the event that asked for it (`GDK_CURRENT_TIME`, 0, when there
  /// is none at hand).
  @MainActor
  public static func open(_ uri: String, timestamp: UInt32 = 0) {
    let context = launchContext(timestamp: timestamp)
    // The launch holds its own reference to the context while it runs.
    defer { if let context { g_object_unref(context) } }
    g_app_info_launch_default_for_uri_async(
      uri, context, nil,
      { _, result, _ in
        var error: UnsafeMutablePointer<GError>?
        if g_app_info_launch_default_for_uri_finish(result, &error) == 0, let error {
          let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
          Log.message("Could not open an address outside the app: \(message)")
          g_error_free(error)
        }
      }, nil)
  }

  /// A new launch context of the default display, or `nil` without a display.
  @MainActor
  private static func launchContext(timestamp: UInt32) -> UnsafeMutablePointer<GAppLaunchContext>? {
    guard let display = gdk_display_get_default(), let context = gdk_display_get_app_launch_context(display) else {
      return nil
    }
    gdk_app_launch_context_set_timestamp(context, timestamp)
    return UnsafeMutableRawPointer(context).assumingMemoryBound(to: GAppLaunchContext.self)
  }
}
