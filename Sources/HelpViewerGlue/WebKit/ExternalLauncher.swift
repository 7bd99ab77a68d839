import HelpViewerCGtk

/// Opens addresses outside the app: the default browser for web pages, the mail or phone
/// handler for `mailto:` and `tel:` (GTK 4.8 has no GtkUriLauncher).
///
/// ```swift
/// ExternalLauncher.open("https://example.org/")
/// ```
public enum ExternalLauncher {
  /// Asks the desktop to open `uri`; failures (no handler installed) are logged, not raised.
  @MainActor
  public static func open(_ uri: String) {
    g_app_info_launch_default_for_uri_async(
      uri, nil, nil,
      { _, result, _ in
        var error: UnsafeMutablePointer<GError>?
        if g_app_info_launch_default_for_uri_finish(result, &error) == 0, let error {
          let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
          Log.message("Could not open an address outside the app: \(message)")
          g_error_free(error)
        }
      }, nil)
  }
}
